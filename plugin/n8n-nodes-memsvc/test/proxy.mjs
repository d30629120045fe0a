// A recording reverse proxy for the tests: what the nodes really put on the wire.
import http from 'node:http';

/**
 * A recording reverse proxy on 127.0.0.1:0. `requests` holds {method, path, query, headers, body} of every
 * request; `fault` (a function of the request returning a status, or 'drop') injects failures.
 */
export async function startProxy(target) {
	const state = { requests: [], fault: null };
	const server = http.createServer((req, res) => {
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => {
			const raw = Buffer.concat(chunks);
			const u = new URL(req.url, 'http://x');
			let body;
			if (raw.length) {
				try {
					body = JSON.parse(raw.toString());
				} catch {
					body = raw.toString();
				}
			}
			const rec = {
				method: req.method,
				path: u.pathname,
				query: Object.fromEntries(u.searchParams),
				headers: req.headers,
				body,
			};
			state.requests.push(rec);
			const fault = state.fault?.(rec);
			if (fault === 'drop') return req.socket.destroy();
			if (typeof fault === 'number') {
				res.writeHead(fault, { 'content-type': 'application/json' });
				return res.end(JSON.stringify({ detail: `injected ${fault}`, code: 'internal' }));
			}
			const headers = { ...req.headers };
			delete headers.host;
			const up = http.request(
				new URL(req.url, target.url),
				{ method: req.method, headers: { ...headers, host: new URL(target.url).host } },
				(r) => {
					res.writeHead(r.statusCode, r.headers);
					r.pipe(res);
				},
			);
			up.on('error', () => res.destroy());
			up.end(raw);
		});
	});
	await new Promise((r) => server.listen(0, '127.0.0.1', r));
	return {
		url: `http://127.0.0.1:${server.address().port}`,
		state,
		get requests() {
			return state.requests;
		},
		reset() {
			state.requests.length = 0;
			state.fault = null;
		},
		close: () => new Promise((r) => server.close(r)),
	};
}

