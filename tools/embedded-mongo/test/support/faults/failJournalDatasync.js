// Preloaded (`node --require`) into a CLI child: once the file named by
// EMBEDDED_MONGO_FAIL_WHEN exists, every fdatasync of a journal fails with EIO, as a dying
// disk would. The CLI itself has no fault-injection hook; this patches node:fs from outside.
const fs = require('node:fs');

const trigger = process.env.EMBEDDED_MONGO_FAIL_WHEN;
const open = fs.promises.open;

fs.promises.open = async (path, ...rest) => {
  const handle = await open(path, ...rest);
  if (trigger && /journal-\d+\.log$/.test(String(path))) {
    const datasync = handle.datasync.bind(handle);
    handle.datasync = () => {
      if (!fs.existsSync(trigger)) return datasync();
      return Promise.reject(Object.assign(new Error('EIO: injected disk error'), { code: 'EIO' }));
    };
  }
  return handle;
};
