// A TCP port on 127.0.0.1 that nothing listens on right now (the OS picks it), for servers started by tests,
// browser tests and benches. Another process could take it before the caller binds it; on one machine that is rare.
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
