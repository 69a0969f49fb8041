// Loaded into the cluster test's app processes only (cluster-support.ts, through NODE_OPTIONS): every
// response names the process that answered it, so a test behind the round-robin proxy can tell
// which of the two a browser's request landed on. Nothing in the app knows of it.
import diagnostics from 'node:diagnostics_channel';

diagnostics.subscribe('http.server.request.start', ({ response }) => {
  response.setHeader('x-test-process', String(process.pid));
});
