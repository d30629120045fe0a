// A scripted OpenAI-compatible chat model on loopback for the end-to-end test: no model, no network.
// POST /v1/chat/completions answers by rule and records every request it gets:
//   - the last message is a tool result       -> the final answer, quoting the tool result;
//   - the last user message asks to calculate -> a call of the calculator tool with "6*7";
//   - anything else                           -> a short acknowledgement.
import http from 'node:http';

function text(content) {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) return content.map((p) => (typeof p === 'string' ? p : p?.text ?? '')).join('');
	return '';
}

export function reply(body) {
	const messages = Array.isArray(body?.messages) ? body.messages : [];
	const last = messages[messages.length - 1] ?? {};
	if (last.role === 'tool') {
		// n8n wraps a tool's answer ([{"response":"42"}]): quote the number it carries
		const result = (text(last.content).match(/-?\d+(\.\d+)?/) ?? ['?'])[0];
		return { content: `You live in Lisbon, and 6*7 is ${result}.`, finish: 'stop' };
	}
	const lastUser = [...messages].reverse().find((m) => m.role === 'user');
	if (/calculate/i.test(text(lastUser?.content))) {
		// n8n names a tool after its node ("Calculator"): call whichever offered tool calculates.
		const tools = Array.isArray(body?.tools) ? body.tools : [];
		const name = tools.map((t) => t?.function?.name).find((n) => /calc/i.test(n ?? '')) ?? 'calculator';
		return {
			content: null,
			tool_calls: [
				{ id: 'call_calc_1', type: 'function', function: { name, arguments: '{"input":"6*7"}' } },
			],
			finish: 'tool_calls',
		};
	}
	return { content: 'Noted! Lisbon is a great place for surfing.', finish: 'stop' };
}

export function startModelServer({ port = 0, log = [] } = {}) {
	let n = 0;
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (c) => (raw += c));
		req.on('end', () => {
			if (req.method === 'GET' && req.url.endsWith('/models')) {
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ object: 'list', data: [{ id: 'scripted', object: 'model' }] }));
				return;
			}
			if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
				res.writeHead(404, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
				return;
			}
			let body = {};
			try {
				body = JSON.parse(raw);
			} catch {}
			log.push(body);
			const r = reply(body);
			const id = `chatcmpl-${++n}`;
			const created = Math.floor(Date.now() / 1000);
			const message = { role: 'assistant', content: r.content };
			if (r.tool_calls) message.tool_calls = r.tool_calls;
			if (body.stream) {
				res.writeHead(200, { 'content-type': 'text/event-stream' });
				const chunk = (delta, finish) =>
					res.write(
						`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
					);
				const delta = { role: 'assistant', content: r.content ?? '' };
				if (r.tool_calls) delta.tool_calls = r.tool_calls.map((t, index) => ({ index, ...t }));
				chunk(delta, null);
				chunk({}, r.finish);
				res.end('data: [DONE]\n\n');
				return;
			}
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(
				JSON.stringify({
					id,
					object: 'chat.completion',
					created,
					model: body.model ?? 'scripted',
					choices: [{ index: 0, message, finish_reason: r.finish }],
					usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
				}),
			);
		});
	});
	return new Promise((resolve) => {
		server.listen(port, '127.0.0.1', () => resolve({ server, port: server.address().port, log }));
	});
}
