// Exam monitoring reads the exams module's tables through its index; it owns no table.
