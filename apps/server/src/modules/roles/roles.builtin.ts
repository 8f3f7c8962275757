/** Display names of the roles the seed creates (the seed keeps them; other modules look them up). */
export const BUILTIN_ROLES = {
  admin: '系统管理员',
  student: '学员',
  lecturer: '讲师',
  classTeacher: '班主任',
} as const;
