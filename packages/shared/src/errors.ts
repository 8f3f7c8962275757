/**
 * The error catalogue of spec section 8. The API sends the upper-case name in `msg` and the
 * number in `code`; the web app shows the translated text. Each name has one HTTP status.
 */
type Entry = readonly [code: number, status: number, zh: string, en: string, pt: string];

const catalogue = {
  // Generic
  OK: [200, 200, '成功', 'OK', 'OK'],
  PARAMETER_INVALID: [1001, 400, '参数错误', 'Invalid parameters', 'Parâmetros inválidos'],
  UNAUTHENTICATED: [1002, 401, '未授权，请登录', 'Not authorized, please sign in', 'Não autorizado, faça login'],
  TOKEN_INVALID: [1003, 401, '登录已过期，请重新登录', 'Your session has expired, please sign in again', 'Sua sessão expirou, faça login novamente'],
  SERVER_ERROR: [1004, 500, '系统错误，请稍后重试', 'System error, please try again later', 'Erro do sistema, tente novamente mais tarde'],
  NOT_FOUND_ERROR: [1005, 404, '数据不存在', 'The record does not exist', 'O registro não existe'],
  REQUEST_METHOD_ERROR: [1006, 405, '请求方式错误', 'Wrong request method', 'Método de requisição incorreto'],
  NO_PERMISSION_ERROR: [1007, 403, '没有权限', 'You do not have permission', 'Você não tem permissão'],
  NO_DATA_PERMISSION_ERROR: [1008, 403, '没有数据权限', 'You have no permission for this data', 'Você não tem permissão para estes dados'],
  TOO_MANY_REQUESTS: [1009, 429, '请求过于频繁，请稍后重试', 'Too many requests, please try again later', 'Muitas requisições, tente novamente mais tarde'],
  REQUEST_TOO_LARGE: [1010, 413, '请求内容过大', 'The request is too large', 'A requisição é grande demais'],
  NETWORK_DELAY: [1011, 503, '网络延迟，请重试', 'Network delay, please try again', 'Atraso na rede, tente novamente'],
  OWN_PERMISSIONS_UNCHANGEABLE: [
    1012,
    403,
    '不能修改自己的角色或数据权限',
    'You cannot change your own roles or data permission',
    'Você não pode alterar suas próprias funções nem sua permissão de dados',
  ],
  REPEAT_LOGIN_ERROR: [2095, 401, '您的账号已在别处登录', 'Your account has signed in elsewhere', 'Sua conta entrou em outro lugar'],

  // Login and account
  LOGIN_ERROR_NOT_MATCH: [2001, 400, '账号或密码错误', 'Wrong account or password', 'Conta ou senha incorreta'],
  OLD_PASSWORD_ERROR: [2002, 400, '原密码错误', 'The old password is wrong', 'A senha antiga está incorreta'],
  LOGIN_ERROR_USER_FREEZED: [2003, 403, '账号已冻结，请联系管理员', 'This account is frozen, contact the administrator', 'Esta conta está congelada, contate o administrador'],
  LOGIN_ERROR_ROLE_FREEZED: [2004, 403, '角色已冻结，请联系管理员', 'Your role is frozen, contact the administrator', 'Sua função está congelada, contate o administrador'],
  LOGIN_ERROR_OVER_MAX: [
    2005,
    403,
    '密码错误次数已达上限，账号已锁定，请稍后再试或联系管理员',
    'Maximum wrong password attempts reached: the account is locked, try again later or contact the administrator',
    'Número máximo de tentativas atingido: a conta está bloqueada, tente mais tarde ou contate o administrador',
  ],
  CAPTCHA_NOT_MATCH: [2006, 400, '验证码错误', 'Wrong verification code', 'Código de verificação incorreto'],
  CAPTCHA_REQUIRED: [2007, 400, '请输入验证码', 'Please enter the verification code', 'Digite o código de verificação'],
  PASSWORD_FORMAT_ERROR: [
    2008,
    400,
    '密码须为6-20位，且至少包含数字、字母、符号中的两种',
    'The password must be 6–20 characters and mix at least two of digits, letters and symbols',
    'A senha deve ter 6–20 caracteres e misturar pelo menos dois de dígitos, letras e símbolos',
  ],
  PASSWORD_SAME_AS_OLD: [2009, 400, '新密码不能与原密码相同', 'The new password must differ from the old one', 'A nova senha deve ser diferente da antiga'],
  PASSWORD_NOT_MATCH: [2010, 400, '两次输入的密码不一致', 'The two passwords do not match', 'As duas senhas não coincidem'],
  ACCOUNT_NOT_FOUND: [2011, 404, '用户名或邮箱不存在', 'The user name or e-mail does not exist', 'O nome de usuário ou e-mail não existe'],
  NO_LOGIN_PERMISSION: [2012, 403, '无登录权限，请联系管理员', 'No login permission, contact the administrator', 'Sem permissão de login, contate o administrador'],
  FIRST_LOGIN_CHANGE_PASSWORD: [2013, 403, '首次登录请修改密码', 'Please change your password at first login', 'Altere sua senha no primeiro login'],
  PUBLIC_KEY_ERROR: [
    2014,
    500,
    '获取公钥失败，请联系管理员',
    'Could not get the public key, contact the administrator',
    'Não foi possível obter a chave pública, contate o administrador',
  ],
  PASSWORD_DECRYPT_ERROR: [
    2015,
    400,
    '密码解密失败，请刷新页面后重试',
    'The password could not be decrypted, reload the page and try again',
    'A senha não pôde ser decifrada, recarregue a página e tente novamente',
  ],
  LOGIN_FAILED: [2016, 400, '登录失败', 'Login failed', 'Falha no login'],
  LINK_INVALID: [2017, 400, '链接已失效，请重新获取', 'The link is no longer valid, get a new one', 'O link não é mais válido, obtenha outro'],
  SEND_EMAIL_FAILED: [2018, 502, '邮件发送失败', 'Sending the e-mail failed', 'Falha ao enviar o e-mail'],
  RESET_PASSWORD_FAILED: [2019, 400, '重置密码失败', 'Resetting the password failed', 'Falha ao redefinir a senha'],
  VERIFY_CODE_ERROR: [2020, 400, '验证码错误或已过期', 'The code is wrong or has expired', 'O código está incorreto ou expirou'],
  ACCOUNT_EXPIRED: [2021, 403, '账号已过有效期', 'The account has expired', 'A conta expirou'],

  // Licence
  LICENSE_ERROR: [4601, 460, '许可证无效', 'The licence is invalid', 'A licença é inválida'],
  LICENSE_EXPIRE_ERROR: [4602, 460, '许可证已过期', 'The licence has expired', 'A licença expirou'],
  LICENSE_ONLINE_COUNT_ERROR: [4603, 460, '在线人数已达许可上限', 'The licensed number of online users is reached', 'O número licenciado de usuários online foi atingido'],

  // Shop
  INSUFFICIENT_POINTS: [3001, 409, '积分不足', 'Not enough points', 'Pontos insuficientes'],
  INSUFFICIENT_STOCK: [3002, 409, '库存不足', 'Not enough stock', 'Estoque insuficiente'],
  GOODS_OFF_SHELF: [3003, 409, '商品已下架', 'The goods are off the shelf', 'O produto foi retirado da prateleira'],

  // Exam and enrollment
  OVER_EXAM_TIMES_ERROR: [3101, 409, '已达最大考试次数', 'Maximum number of attempts reached', 'Número máximo de tentativas atingido'],
  ENROLL_NOT_IN_TIME: [3102, 409, '不在报名时间内', 'Not within the enrolment period', 'Fora do período de inscrição'],
  ENROLL_IS_BEYOUND: [3103, 409, '报名人数已满', 'Enrolment is full', 'As inscrições estão esgotadas'],
  REPEAT_SUBMIT_ERROR: [3104, 409, '请勿重复提交', 'Already submitted', 'Já enviado'],
  REGISTRATION_SUBMIT_ERROR: [3105, 409, '注册提交失败', 'The registration could not be submitted', 'O cadastro não pôde ser enviado'],
  FACE_RECOGNITION_FAILED: [3106, 400, '人脸识别失败', 'Face recognition failed', 'Falha no reconhecimento facial'],

  // Duplicate name
  DUPLICATE_ROLE_NAME: [4001, 409, '角色名称已存在', 'The role name already exists', 'O nome da função já existe'],
  DUPLICATE_MENU_NAME: [4002, 409, '菜单名称已存在', 'The menu name already exists', 'O nome do menu já existe'],
  DUPLICATE_USER_NAME: [4003, 409, '用户名已存在', 'The user name already exists', 'O nome de usuário já existe'],
  DUPLICATE_LECTURER: [4004, 409, '讲师已存在', 'The lecturer already exists', 'O instrutor já existe'],
  DUPLICATE_LABEL: [4005, 409, '标签名称已存在', 'The label already exists', 'O rótulo já existe'],
  DUPLICATE_LABEL_CATEGORY: [4006, 409, '标签分类已存在', 'The label category already exists', 'A categoria de rótulo já existe'],
  DUPLICATE_ORGANIZATION: [4007, 409, '组织名称已存在', 'The organization name already exists', 'O nome da organização já existe'],
  DUPLICATE_CATEGORY: [4008, 409, '分类名称已存在', 'The category name already exists', 'O nome da categoria já existe'],
  DUPLICATE_COURSE_CLASS: [4009, 409, '课程分类已存在', 'The course class already exists', 'A classe de curso já existe'],
  DUPLICATE_COURSE: [4010, 409, '课程名称已存在', 'The course name already exists', 'O nome do curso já existe'],
  DUPLICATE_EXAM: [4011, 409, '考试名称已存在', 'The exam name already exists', 'O nome do exame já existe'],
  DUPLICATE_PAPER: [4012, 409, '试卷名称已存在', 'The paper name already exists', 'O nome da prova já existe'],
  DUPLICATE_SURVEY: [4013, 409, '调查名称已存在', 'The survey name already exists', 'O nome da pesquisa já existe'],
  DUPLICATE_LIVE: [4014, 409, '直播名称已存在', 'The live broadcast name already exists', 'O nome da transmissão já existe'],
  DUPLICATE_LEARNING_GROUP: [4015, 409, '学习群组名称已存在', 'The learning group name already exists', 'O nome do grupo de estudo já existe'],
  DUPLICATE_MAP: [4016, 409, '学习地图名称已存在', 'The learning map name already exists', 'O nome do mapa de aprendizagem já existe'],
  DUPLICATE_CERTIFICATE: [4017, 409, '证书名称已存在', 'The certificate name already exists', 'O nome do certificado já existe'],
  DUPLICATE_TRAINING_SITE: [4018, 409, '培训场地已存在', 'The training site already exists', 'O local de treinamento já existe'],
  DUPLICATE_FACE_COURSE: [4019, 409, '面授课程已存在', 'The face-to-face course already exists', 'O curso presencial já existe'],
  DUPLICATE_TRAINING: [4020, 409, '培训名称已存在', 'The training name already exists', 'O nome do treinamento já existe'],
  DUPLICATE_TRAINING_CLASS: [4021, 409, '培训班名称已存在', 'The training class name already exists', 'O nome da turma já existe'],
  DUPLICATE_TRAINING_ORGANIZATION: [4022, 409, '培训机构已存在', 'The training organization already exists', 'A instituição de treinamento já existe'],
  DUPLICATE_MEETING_ROOM: [4023, 409, '会议室已存在', 'The meeting room already exists', 'A sala de reunião já existe'],
  DUPLICATE_HOT_WORD: [4024, 409, '热词已存在', 'The hot word already exists', 'A palavra em alta já existe'],
  DUPLICATE_THESAURUS_WORD: [4025, 409, '词库词语已存在', 'The thesaurus word already exists', 'A palavra do dicionário já existe'],
  DUPLICATE_ENTRY: [4026, 409, '词条已存在', 'The entry already exists', 'A entrada já existe'],
  DUPLICATE_APP_VERSION: [4027, 409, '版本号已存在', 'The app version already exists', 'A versão do aplicativo já existe'],
  DUPLICATE_TRAINING_PLAN: [4028, 409, '培训计划已存在', 'The training plan already exists', 'O plano de treinamento já existe'],
  DUPLICATE_TEAM: [4029, 409, '团队名称已存在', 'The team name already exists', 'O nome da equipe já existe'],
  DUPLICATE_POSITION: [4030, 409, '岗位名称已存在', 'The position name already exists', 'O nome do cargo já existe'],
  DUPLICATE_GOODS: [4031, 409, '商品已存在', 'The goods already exist', 'O produto já existe'],
  DUPLICATE_COMMUNITY: [4032, 409, '社区已存在', 'The community already exists', 'A comunidade já existe'],
  DUPLICATE_TOPIC: [4033, 409, '话题已存在', 'The topic already exists', 'O tópico já existe'],
  DUPLICATE_NOTICE_TITLE: [4034, 409, '公告标题已存在', 'The notice title already exists', 'O título do aviso já existe'],
  DUPLICATE_DICT_ENTRY: [4035, 409, '字典项已存在', 'The dictionary entry already exists', 'A entrada do dicionário já existe'],
  DUPLICATE_PHONE: [4036, 409, '手机号已被使用', 'The phone number is already used', 'O telefone já está em uso'],
  DUPLICATE_EMAIL: [4037, 409, '邮箱已被使用', 'The e-mail is already used', 'O e-mail já está em uso'],
  DUPLICATE_CARD_NUMBER: [4038, 409, '工号已存在', 'The employee number already exists', 'O número de funcionário já existe'],
  DUPLICATE_DATA: [4040, 409, '数据重复', 'The data already exists', 'Os dados já existem'],
  DUPLICATE_ID_NUMBER: [4039, 409, '证件号已被使用', 'The ID number is already used', 'O número de documento já está em uso'],
  DUPLICATE_COURSEWARE: [4041, 409, '课件名称已存在', 'The courseware name already exists', 'O nome do material já existe'],

  // In use, cannot delete
  IN_USE_COURSEWARE: [4101, 409, '课件已被使用，不能删除', 'The courseware is in use and cannot be deleted', 'O material está em uso e não pode ser excluído'],
  IN_USE_COURSE: [4102, 409, '课程已被使用，不能删除', 'The course is in use and cannot be deleted', 'O curso está em uso e não pode ser excluído'],
  IN_USE_CLASSIFICATION: [4103, 409, '分类已被使用，不能删除', 'The classification is in use and cannot be deleted', 'A classificação está em uso e não pode ser excluída'],
  IN_USE_NOTICE: [4104, 409, '公告已发布，不能删除', 'The notice is released and cannot be deleted', 'O aviso está publicado e não pode ser excluído'],
  IN_USE_POSITION: [4105, 409, '岗位已被使用，不能删除', 'The position is in use and cannot be deleted', 'O cargo está em uso e não pode ser excluído'],
  IN_USE_ROLE: [4106, 409, '角色已被使用，不能删除', 'The role is in use and cannot be deleted', 'A função está em uso e não pode ser excluída'],
  IN_USE_ORGANIZATION: [
    4107,
    409,
    '组织下存在用户或下级组织，不能删除',
    'The organization has users or sub-organizations and cannot be deleted',
    'A organização tem usuários ou suborganizações e não pode ser excluída',
  ],
  IN_USE_QUESTION: [4108, 409, '试题已被使用，不能删除', 'The question is in use and cannot be deleted', 'A questão está em uso e não pode ser excluída'],
  IN_USE_PAPER: [4109, 409, '试卷已被使用，不能删除', 'The paper is in use and cannot be deleted', 'A prova está em uso e não pode ser excluída'],
  IN_USE_QUESTIONNAIRE: [4110, 409, '问卷已被使用，不能删除', 'The questionnaire is in use and cannot be deleted', 'O questionário está em uso e não pode ser excluído'],
  IN_USE_EXAM: [4111, 409, '考试已被使用，不能删除', 'The exam is in use and cannot be deleted', 'O exame está em uso e não pode ser excluído'],
  IN_USE_LECTURER: [4112, 409, '讲师已被使用，不能删除', 'The lecturer is in use and cannot be deleted', 'O instrutor está em uso e não pode ser excluído'],
  IN_USE_TRAINING_SITE: [
    4113,
    409,
    '培训场地或课程已被使用，不能删除',
    'The training site or course is in use and cannot be deleted',
    'O local ou curso de treinamento está em uso e não pode ser excluído',
  ],
  IN_USE_TRAINING_PLAN: [
    4114,
    409,
    '培训计划已被使用，不能删除（年度计划仅草稿可删除）',
    'The training plan is in use and cannot be deleted (only draft year plans can be deleted)',
    'O plano está em uso e não pode ser excluído (só rascunhos de planos anuais podem ser excluídos)',
  ],
  IN_USE_LEARNING_GROUP: [
    4115,
    409,
    '学习群组下存在用户，不能删除',
    'The learning group has users and cannot be deleted',
    'O grupo de estudo tem usuários e não pode ser excluído',
  ],
  IN_USE_LEVEL: [4116, 409, '该等级下存在讲师，不能删除', 'The level has lecturers and cannot be deleted', 'O nível tem instrutores e não pode ser excluído'],
  IN_USE_ORGANIZATION_LECTURER: [
    4117,
    409,
    '组织下存在讲师，不能删除',
    'The organization has lecturers and cannot be deleted',
    'A organização tem instrutores e não pode ser excluída',
  ],
  IN_USE_KNOWLEDGE_CATEGORY: [
    4118,
    409,
    '分类或封面下存在知识，不能删除',
    'The category or cover has knowledge and cannot be deleted',
    'A categoria ou capa tem conhecimento e não pode ser excluída',
  ],
  IN_USE_SUBCLASS: [4119, 409, '存在子分类或词条，不能删除', 'It has subclasses or entries and cannot be deleted', 'Tem subclasses ou entradas e não pode ser excluído'],
  IN_USE_LABEL: [4120, 409, '标签已被使用，不能删除', 'The label is in use and cannot be deleted', 'O rótulo está em uso e não pode ser excluído'],
  DATA_IN_USE: [4122, 409, '数据已被使用，不能删除', 'The data is in use and cannot be deleted', 'Os dados estão em uso e não podem ser excluídos'],
  IN_USE_DICT_ENTRY: [
    4121,
    409,
    '字典项已被使用，不能删除',
    'The dictionary entry is in use and cannot be deleted',
    'A entrada do dicionário está em uso e não pode ser excluída',
  ],
  IN_USE_CERTIFICATE: [
    4123,
    409,
    '证书模板已被使用，不能删除',
    'The certificate template is in use and cannot be deleted',
    'O modelo de certificado está em uso e não pode ser excluído',
  ],

  // State
  STATE_TRANSITION_INVALID: [4201, 409, '当前状态不允许此操作', 'This action is not allowed in the current state', 'Esta ação não é permitida no estado atual'],
  TIME_BEFORE_NOW: [4202, 400, '时间不能早于当前时间', 'The time cannot be earlier than now', 'O horário não pode ser anterior ao atual'],
  LIMIT_EXCEEDED: [4203, 409, '超出数量上限', 'The limit is exceeded', 'O limite foi excedido'],
  TREE_DEPTH_EXCEEDED: [4209, 409, '超出树的最大层级', 'The tree would be deeper than allowed', 'A árvore ficaria mais profunda do que o permitido'],

  // Exam and survey
  EXAM_STARTED_CANNOT_UNPUBLISH: [
    5001,
    409,
    '考试已开始，不能取消发布或编辑',
    'The exam has started and cannot be unpublished or edited',
    'O exame começou e não pode ser despublicado nem editado',
  ],
  EXAM_START_BEFORE_NOW: [
    5002,
    409,
    '开始时间早于当前时间，不能发布',
    'The start time is earlier than now, it cannot be published',
    'O início é anterior ao atual, não pode ser publicado',
  ],
  PAPER_DELETED_OR_EMPTY: [5003, 409, '试卷已删除或为空', 'The paper is deleted or empty', 'A prova foi excluída ou está vazia'],
  EXAM_IN_PROGRESS_CANNOT_PUBLISH_SCORE: [
    5004,
    409,
    '仍有考生在考试，不能发布成绩',
    'Someone is still taking the exam, scores cannot be published',
    'Alguém ainda está fazendo o exame, as notas não podem ser publicadas',
  ],
  QUESTION_ANSWERED_CANNOT_UNPUBLISH: [
    5005,
    409,
    '已有作答的题目不能取消发布',
    'A question with answers cannot be unpublished',
    'Uma questão com respostas não pode ser despublicada',
  ],
  EXERCISE_SUBJECTIVE_CANNOT_PUBLISH: [
    5006,
    409,
    '关联练习含主观题，不能发布',
    'A related exercise has subjective questions and cannot be published',
    'Um exercício relacionado tem questões subjetivas e não pode ser publicado',
  ],
  CONTENT_INCOMPLETE: [5007, 409, '内容不完整，不能发布', 'The content is incomplete and cannot be published', 'O conteúdo está incompleto e não pode ser publicado'],

  // Live
  LIVE_START_BEFORE_NOW: [5101, 409, '直播开始时间早于当前时间', 'The live start time is earlier than now', 'O início da transmissão é anterior ao atual'],
  LIVE_DAILY_LIMIT: [5102, 409, '今日直播次数已用完', 'The daily live limit is used up', 'O limite diário de transmissões foi atingido'],
  LIVE_ALREADY_STARTED: [5103, 409, '直播已开始', 'The live broadcast has already started', 'A transmissão já começou'],
  LIVE_ALREADY_ENDED: [5104, 409, '直播已结束', 'The live broadcast has already ended', 'A transmissão já terminou'],
  LIVE_LECTURER_BUSY: [5105, 409, '讲师在该时段已有直播安排', 'The lecturer has a plan in this period', 'O instrutor já tem um plano neste período'],

  // Training
  SIGN_IN_ENDED: [5201, 409, '签到已结束', 'Sign-in has ended', 'O check-in terminou'],
  SIGN_IN_OUT_OF_PERIOD: [5202, 409, '不在签到时间内', 'Not within the sign-in period', 'Fora do período de check-in'],
  SIGN_IN_REPEATED: [5203, 409, '已签到', 'Already signed in', 'Check-in já feito'],
  SIGN_IN_NOT_REGISTERED: [5204, 409, '未报名，不能签到', 'Not registered, cannot sign in', 'Não inscrito, não é possível fazer check-in'],
  SIGN_IN_CANCELLED: [5205, 409, '培训已取消', 'The training is cancelled', 'O treinamento foi cancelado'],
  ENROLL_FULL_CANNOT_APPROVE: [5206, 409, '报名人数已满，不能审批', 'Enrolment is full, approval is impossible', 'As inscrições estão esgotadas, não é possível aprovar'],
  ALREADY_ENROLLED: [5207, 409, '已报名', 'Already enrolled', 'Já inscrito'],
  REPEAT_APPROVAL: [5208, 409, '请勿重复审批', 'Already approved', 'Já aprovado'],
  COURSE_REQUIRED: [5209, 400, '至少需要一门课程', 'At least one course is required', 'Pelo menos um curso é necessário'],
  YEAR_PLAN_EXISTS: [5210, 409, '该部门本年度计划已存在', 'A year plan already exists for this department and year', 'Já existe um plano anual para este departamento e ano'],
  TRAINING_STARTED_CANNOT_ENTER: [5211, 409, '培训已开始，不能进入', 'The training has started and cannot be entered', 'O treinamento começou e não pode ser acessado'],
  TRAINING_NOT_IN_PRACTICE: [
    5212,
    409,
    '培训未开始或已结束，不能练习',
    'The training has not started or has ended, no practice',
    'O treinamento não começou ou terminou, sem prática',
  ],
  PRACTICE_TIMES_USED_UP: [5213, 409, '练习次数已用完', 'Practice attempts are used up', 'As tentativas de prática acabaram'],
  COURSE_EXPIRED: [5214, 409, '课程已过期，不能进入', 'The course has expired and cannot be entered', 'O curso expirou e não pode ser acessado'],
  DEADLINE_BEFORE_NOW: [5215, 400, '截止时间不能早于当前时间', 'The deadline cannot be earlier than now', 'O prazo não pode ser anterior ao atual'],

  // Team
  TEAM_CLOSED: [5301, 409, '团队已关闭', 'The team is closed', 'A equipe está fechada'],
  TEAM_NOT_FOUND: [5302, 404, '团队不存在', 'The team does not exist', 'A equipe não existe'],
  TEAM_NOT_MEMBER: [5303, 403, '您不属于该团队', 'You do not belong to this team', 'Você não pertence a esta equipe'],
  TEAM_NON_MEMBER_SIGN_IN: [5304, 403, '非团队成员不能签到', 'Non-members cannot sign in', 'Não membros não podem fazer check-in'],
  TEAM_CREATOR_CANNOT_BE_REMOVED: [5305, 409, '创建者不能被移除', 'The creator cannot be removed', 'O criador não pode ser removido'],

  // LDAP
  LDAP_NOT_CONFIGURED: [5401, 409, 'LDAP未配置', 'LDAP is not configured', 'O LDAP não está configurado'],
  LDAP_DISABLED: [5402, 409, 'LDAP已禁用', 'LDAP is disabled', 'O LDAP está desativado'],
  LDAP_SYNCHRONIZING: [5403, 409, 'LDAP正在同步中', 'LDAP is synchronizing', 'O LDAP está sincronizando'],
  LDAP_CONNECT_FAILED: [5404, 502, 'LDAP连接失败', 'Could not connect to LDAP', 'Não foi possível conectar ao LDAP'],

  // Files and others
  EXCEL_FORMAT_ERROR: [5501, 400, 'Excel格式错误', 'Wrong Excel format', 'Formato do Excel incorreto'],
  EXCEL_SUFFIX_ERROR: [5502, 400, '文件后缀错误，请上传.xlsx文件', 'Wrong file suffix, upload an .xlsx file', 'Extensão incorreta, envie um arquivo .xlsx'],
  EXCEL_TEMPLATE_ERROR: [5503, 400, '模板错误，请下载最新模板', 'Wrong template, download the latest template', 'Modelo incorreto, baixe o modelo mais recente'],
  EXCEL_EMPTY: [5504, 400, '文件内容为空', 'The file is empty', 'O arquivo está vazio'],
  EXCEL_TOO_MANY_ROWS: [5505, 400, '文件行数过多', 'The file has too many rows', 'O arquivo tem linhas demais'],
  EXPORT_FAILED: [5506, 500, '导出失败', 'Export failed', 'Falha na exportação'],
  FILE_TOO_LARGE: [5507, 413, '文件大小超出限制', 'The file is larger than allowed', 'O arquivo é maior que o permitido'],
  FILE_TYPE_ERROR: [5508, 400, '文件类型不支持', 'This file type is not supported', 'Este tipo de arquivo não é suportado'],
  SCORM_PARSE_FAILED: [5509, 400, 'SCORM课件解析失败', 'The SCORM package could not be parsed', 'O pacote SCORM não pôde ser analisado'],
  VIDEO_SLICE_FAILED: [5510, 500, '视频切片失败', 'Video slicing failed', 'Falha no fatiamento do vídeo'],
  TOP_COUNT_EXCEEDED: [5511, 409, '置顶数量已达上限', 'The pinned count is exceeded', 'O limite de fixados foi excedido'],
  SENSITIVE_WORDS: [5512, 400, '内容包含敏感词', 'The content contains sensitive words', 'O conteúdo contém palavras sensíveis'],
  UPLOAD_CHECKSUM_MISMATCH: [
    5520,
    400,
    '文件校验失败，请重新上传',
    'The file checksum does not match, upload it again',
    'A soma de verificação do arquivo não confere, envie-o novamente',
  ],
  UPLOAD_INCOMPLETE: [5521, 409, '文件分片尚未全部上传', 'Some parts of the file have not been uploaded yet', 'Algumas partes do arquivo ainda não foram enviadas'],
  UPLOAD_TOO_MANY_FILES: [5522, 400, '一次最多上传10个文件', 'At most 10 files can be uploaded at once', 'No máximo 10 arquivos podem ser enviados de uma vez'],
} as const satisfies Record<string, Entry>;

export type ErrorName = keyof typeof catalogue;
export type Lang = 'zh-CN' | 'en-US' | 'pt';
export const LANGS: readonly Lang[] = ['zh-CN', 'en-US', 'pt'];

export interface ErrorInfo {
  name: ErrorName;
  code: number;
  status: number;
  text: Record<Lang, string>;
}

export const ERRORS = Object.fromEntries(
  Object.entries(catalogue).map(([name, [code, status, zh, en, pt]]) => [name, { name, code, status, text: { 'zh-CN': zh, 'en-US': en, pt } }]),
) as Record<ErrorName, ErrorInfo>;

export const ERROR_NAMES = Object.keys(catalogue) as ErrorName[];

const byCode = new Map<number, ErrorInfo>(Object.values(ERRORS).map((e) => [e.code, e]));

export function errorByCode(code: number): ErrorInfo | undefined {
  return byCode.get(code);
}

export function isErrorName(value: string): value is ErrorName {
  return Object.prototype.hasOwnProperty.call(catalogue, value);
}

/** Text of a code name in a language; unknown names come back as they are. */
export function errorText(name: string, lang: Lang): string {
  return isErrorName(name) ? ERRORS[name].text[lang] : name;
}
