import { loadConfig } from '/work/wt/workers/src/config/load-config.js';
import { openSkein } from '/work/wt/workers/src/host/index.js';
const skein = openSkein({ config: loadConfig(), dispatch: true });
const rs = await Promise.all(Array.from({length: 60}, (_, i) => skein.run('chain', { label: 'l'+i })));
console.log(rs.filter(r => r.status==='completed').length);
await skein.close();
