import common from './common.json';
import auth from './auth.json';
import perm from './perm.json';
import portal from './portal.json';
import notice from './notice.json';
import dict from './dict.json';
import user from './user.json';

/** en-US catalogue: one JSON file per domain, merged. */
export default { ...common, ...auth, ...perm, ...portal, ...notice, ...dict, ...user };
