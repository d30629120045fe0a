// The AI memory sub-node against a real memsvc (one server without auth, one with), through a recording proxy.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { lc, memory, runAction, sleep, startMemsvc, startProxy, supplyMemory } from './harness.mjs';

const { CACHE_MAX_ENTRIES, GUARD_MAX_PAIRS, resetMemoryState } = memory;
const AiMemory = 'ai_memory';

let open; // memsvc without auth
let keyed; // memsvc with auth, key for alice
let proxy; // recording proxy in front of `open`
let keyedProxy; // recording proxy in front of `keyed`

before(async () => {
	[open, keyed] = await Promise.all([startMemsvc(), startMemsvc({ auth: true, user: 'alice' })]);
	proxy = await startProxy(open);
	keyedProxy = await startProxy(keyed);
	// seed both servers through the action node
	for (const [p, key, user] of [
		[proxy, '', 'u1'],
		[keyedProxy, keyed.key, 'alice'],
	]) {
		for (const text of ['Alice lives in Paris', 'Alice works at Acme as an engineer', 'Alice has a dog named Rex']) {
			await runAction({
				credentials: { baseUrl: p.url, apiKey: key },
				params: { resource: 'memory', operation: 'add', text, infer: false, additionalFields: { userId: user } },
			});
		}
	}
});

after(async () => {
	await Promise.all([proxy?.close(), keyedProxy?.close()]);
	await Promise.all([open?.stop(), keyed?.stop()]);
});

beforeEach(() => {
	resetMemoryState();
	proxy.reset();
	keyedProxy.reset();
});

const openCreds = () => ({ baseUrl: proxy.url, apiKey: '' });
const base = (over = {}) => ({
	credentials: openCreds(),
	params: { userId: 'u1', sessionId: 's1', options: {}, ...(over.params ?? {}) },
	json: { chatInput: 'Where does Alice live?', sessionId: 's1', ...(over.json ?? {}) },
	...(over.ctx ?? {}),
});
const opts = (options, over = {}) => base({ ...over, params: { ...(over.params ?? {}), options } });

describe('recall', () => {
	test('searches with the chat input, sends JSON and no Authorization with a blank key', async () => {
		const { mem, ctx } = await supplyMemory(base());
		const vars = await mem.loadMemoryVariables({});
		assert.equal(proxy.requests.length, 1);
		const [r] = proxy.requests;
		assert.equal(r.method, 'POST');
		assert.equal(r.path, '/api/v1/memories/search');
		assert.deepEqual(r.body, {
			query: 'Where does Alice live?',
			top_k: 5,
			mode: 'hybrid',
			app_name: 'n8n-nodes-memsvc',
			user_id: 'u1',
		});
		assert.match(r.headers['content-type'], /^application\/json/);
		assert.equal(r.headers.authorization, undefined, 'no Authorization header with a blank key');
		assert.equal(r.headers.origin, undefined, 'no Origin header');
		assert.deepEqual(r.query, {}, 'nothing in the query string');
		// one block message, role user, with the memory and its date
		const history = vars.chat_history;
		assert.equal(history.length, 1);
		assert.equal(history[0].role, 'user');
		assert.match(history[0].content, /^Relevant long-term memories about this user \(from memsvc\):\n- /);
		assert.match(history[0].content, /- Alice lives in Paris \(\d{4}-\d{2}-\d{2}\)/);
		// the node shows in the execution data
		assert.equal(ctx.record.input[0].type, AiMemory);
		assert.equal(ctx.record.input[0].data[0][0].json.action, 'loadMemoryVariables');
		assert.equal(ctx.record.output[0].type, AiMemory);
		assert.deepEqual(ctx.record.output[0].data[0][0].json.chatHistory, history);
	});

	test('injects nothing when no memory clears the relevance floor', async () => {
		const { mem } = await supplyMemory(base({ json: { chatInput: 'What is a good recipe for lemon risotto tonight?' } }));
		const vars = await mem.loadMemoryVariables({});
		assert.equal(proxy.requests.length, 1, 'it still asks memsvc');
		assert.deepEqual(vars.chat_history, [], 'no unrelated memory is injected');
	});

	test('falls back to the input value when there is no chat input', async () => {
		const { mem } = await supplyMemory(base({ json: { chatInput: undefined } }));
		await mem.loadMemoryVariables({ input: 'Where does Alice work?' });
		assert.equal(proxy.requests[0].body.query, 'Where does Alice work?');
	});

	test('every option reaches the request or the shape of the context', async () => {
		const { mem } = await supplyMemory(
			opts({
				scopeRecallToSession: true,
				topK: 99,
				contextFormat: 'messages',
				contextRole: 'system',
				memoryKey: 'history',
				memoryType: 'semantic',
				project: 'website',
				rerank: true,
				mode: 'text',
			}),
		);
		const vars = await mem.loadMemoryVariables({});
		assert.deepEqual(proxy.requests[0].body, {
			query: 'Where does Alice live?',
			top_k: 50,
			mode: 'text',
			rerank: 'cross_encoder',
			session_id: 's1',
			memory_type: 'semantic',
			project: 'website',
			app_name: 'n8n-nodes-memsvc',
			user_id: 'u1',
		});
		assert.deepEqual(Object.keys(vars), ['history']);
		assert.deepEqual(mem.memoryKeys, ['history']);
		// scoped to a session nothing was saved under: no memories, no message
		assert.deepEqual(vars.history, []);
	});

	test('topK is clamped to 1..50', async () => {
		for (const [given, sent] of [
			[0, 1],
			[-3, 1],
			[7, 7],
			[51, 50],
		]) {
			resetMemoryState();
			proxy.reset();
			const { mem } = await supplyMemory(opts({ topK: given }));
			await mem.loadMemoryVariables({});
			assert.equal(proxy.requests[0].body.top_k, sent, `topK ${given}`);
		}
	});

	test('messages format: one message per memory, in the chosen role; returnMessages off gives text', async () => {
		const { mem } = await supplyMemory(opts({ contextFormat: 'messages', contextRole: 'system' }));
		const vars = await mem.loadMemoryVariables({});
		assert.ok(vars.chat_history.length >= 1, "the relevant memory, one message each");
		for (const m of vars.chat_history) {
			assert.equal(m.role, 'system');
			assert.match(m.content, /^Memory: /);
		}
		resetMemoryState();
		const { mem: textMem } = await supplyMemory(opts({ returnMessages: false }));
		const textVars = await textMem.loadMemoryVariables({});
		assert.equal(typeof textVars.chat_history, 'string');
		assert.match(textVars.chat_history, /^Human: Relevant long-term memories/);
	});

	test('a query under 3 characters lists recent memories instead (user_id in the query without a key)', async () => {
		for (const chatInput of ['hi', '  a ', '']) {
			resetMemoryState();
			proxy.reset();
			const { mem } = await supplyMemory(base({ json: { chatInput } }));
			const vars = await mem.loadMemoryVariables({});
			assert.equal(proxy.requests.length, 1, JSON.stringify(chatInput));
			const [r] = proxy.requests;
			assert.equal(r.method, 'GET');
			assert.equal(r.path, '/api/v1/memories');
			assert.deepEqual(r.query, { page: '1', size: '10', user_id: 'u1' });
			assert.equal(r.body, undefined);
			assert.equal(r.headers['content-type'], undefined, 'no body, no content type');
			assert.match(vars.chat_history[0].content, /Alice has a dog named Rex/);
		}
		// exactly three characters search
		resetMemoryState();
		proxy.reset();
		const { mem } = await supplyMemory(base({ json: { chatInput: 'Rex' } }));
		await mem.loadMemoryVariables({});
		assert.equal(proxy.requests[0].path, '/api/v1/memories/search');
	});

	test('the recent list shows a turn as the facts distilled from it, not beside them', async () => {
		await runAction({
			credentials: openCreds(),
			params: {
				resource: 'memory',
				operation: 'add',
				text: 'I have a cat named Miso and I moved to Lyon last spring.',
				additionalFields: { userId: 'u-fold' },
			},
		});
		const stored = await (await fetch(`${open.url}/api/v1/memories?user_id=u-fold&size=100`)).json();
		const episode = stored.items.find((m) => Array.isArray(m.facts) && m.facts.length > 0);
		assert.ok(episode, `the add kept its turn as an episode with facts: ${JSON.stringify(stored.items)}`);
		const { mem } = await supplyMemory(base({ params: { userId: 'u-fold' }, json: { chatInput: 'ok' } }));
		const vars = await mem.loadMemoryVariables({});
		const context = vars.chat_history.map((m) => m.content).join('\n');
		assert.ok(!context.includes(episode.text), `the episode is not listed: ${context}`);
		for (const id of episode.facts) {
			const fact = stored.items.find((m) => m.id === id);
			assert.ok(context.includes(fact.text), `its fact ${JSON.stringify(fact?.text)} is listed: ${context}`);
		}
	});

	test('with a key: Bearer header, user_id only in bodies, never in the query string', async () => {
		const creds = { baseUrl: keyedProxy.url, apiKey: keyed.key };
		const { mem } = await supplyMemory(base({ ctx: { credentials: creds }, params: { userId: 'alice' } }));
		const vars = await mem.loadMemoryVariables({});
		assert.match(vars.chat_history[0].content, /Alice lives in Paris/);
		const { mem: short } = await supplyMemory(
			base({ ctx: { credentials: creds }, params: { userId: 'alice' }, json: { chatInput: 'yo' } }),
		);
		const shortVars = await short.loadMemoryVariables({});
		assert.ok(shortVars.chat_history.length > 0, 'recent list answered');
		const [search, list] = keyedProxy.requests;
		assert.equal(search.headers.authorization, `Bearer ${keyed.key}`);
		assert.equal(search.body.user_id, 'alice');
		assert.equal(list.headers.authorization, `Bearer ${keyed.key}`);
		assert.deepEqual(list.query, { page: '1', size: '10' }, 'no user_id in the query string with a key');
	});
});

describe('recall cache', () => {
	test('reuses a recall for the same query, case-insensitively, across supplyData calls', async () => {
		const first = await supplyMemory(base());
		const a = await first.mem.loadMemoryVariables({});
		const again = await supplyMemory(base({ json: { chatInput: 'WHERE does alice LIVE?' } }));
		const b = await again.mem.loadMemoryVariables({});
		assert.equal(proxy.requests.length, 1, 'one search for both');
		assert.deepEqual(b, a);
		// another node, or another user, has its own entries
		const other = await supplyMemory(base({ ctx: { nodeId: 'node-2' } }));
		await other.mem.loadMemoryVariables({});
		const otherUser = await supplyMemory(base({ params: { userId: 'u2' } }));
		await otherUser.mem.loadMemoryVariables({});
		assert.equal(proxy.requests.length, 3);
	});

	test('entries expire after recallCacheTtlMs; 0 turns the cache off', async () => {
		const { mem } = await supplyMemory(opts({ recallCacheTtlMs: 150 }));
		await mem.loadMemoryVariables({});
		await mem.loadMemoryVariables({});
		assert.equal(proxy.requests.length, 1);
		await sleep(250);
		await mem.loadMemoryVariables({});
		assert.equal(proxy.requests.length, 2, 'expired entry searched again');

		proxy.reset();
		const { mem: off } = await supplyMemory(opts({ recallCacheTtlMs: 0 }));
		await off.loadMemoryVariables({});
		await off.loadMemoryVariables({});
		assert.equal(proxy.requests.length, 2);
	});

	test('holds 32 entries: the 33rd evicts the least recently used', async () => {
		assert.equal(CACHE_MAX_ENTRIES, 32);
		const load = async (q) => (await supplyMemory(base({ json: { chatInput: q } }))).mem.loadMemoryVariables({});
		for (let i = 0; i < 32; i++) await load(`question number ${i}`);
		assert.equal(proxy.requests.length, 32);
		await load('question number 0'); // still cached, and now the most recently used
		assert.equal(proxy.requests.length, 32);
		await load('question number 32'); // the 33rd entry evicts "question number 1"
		assert.equal(proxy.requests.length, 33);
		await load('question number 0');
		assert.equal(proxy.requests.length, 33, 'entry 0 survived');
		await load('question number 1');
		assert.equal(proxy.requests.length, 34, 'entry 1 was evicted');
	});

	test('a failed recall is not cached', async () => {
		proxy.state.fault = () => 500;
		const { mem } = await supplyMemory(base());
		assert.deepEqual(await mem.loadMemoryVariables({}), { chat_history: [] });
		proxy.state.fault = null;
		const vars = await mem.loadMemoryVariables({});
		assert.equal(proxy.requests.length, 2);
		assert.ok(vars.chat_history.length > 0);
	});
});

describe('saving turns', () => {
	test('saveContext sends the exchange to from-conversation with session, project and tags', async () => {
		const { mem, ctx } = await supplyMemory(
			opts({ project: 'website', tags: ' travel, ,food ' }, { params: { userId: 'u3', sessionId: 'sess-9' } }),
		);
		await mem.saveContext({ input: 'I moved to Lisbon last month' }, { output: 'Lisbon is lovely!' });
		assert.equal(proxy.requests.length, 1);
		const [r] = proxy.requests;
		assert.equal(r.method, 'POST');
		assert.equal(r.path, '/api/v1/memories/from-conversation');
		assert.match(r.headers['content-type'], /^application\/json/);
		assert.equal(r.headers.authorization, undefined);
		assert.deepEqual(r.body, {
			messages: [
				{ role: 'user', content: 'I moved to Lisbon last month' },
				{ role: 'assistant', content: 'Lisbon is lovely!' },
			],
			session_id: 'sess-9',
			user_id: 'u3',
			project: 'website',
			tags: ['travel', 'food'],
		});
		// memsvc stored the fact under that user, session, project and tags
		const list = await (await fetch(`${open.url}/api/v1/memories?user_id=u3`)).json();
		const fact = list.items.find((m) => /Lisbon/.test(m.text));
		assert.ok(fact, JSON.stringify(list.items));
		assert.equal(fact.session_id, 'sess-9');
		assert.equal(fact.project, 'website');
		assert.deepEqual(fact.tags, ['travel', 'food']);
		assert.equal(ctx.record.input.at(-1).data[0][0].json.action, 'saveContext');
		assert.equal(ctx.record.output.at(-1).data[0][0].json.no_facts_extracted, false);
	});

	test('custom input and output keys; persistTurns off sends nothing', async () => {
		const { mem } = await supplyMemory(opts({ inputKey: 'question', outputKey: 'answer' }));
		await mem.saveContext({ question: 'My cat is called Tom' }, { answer: 'Nice name' });
		assert.equal(proxy.requests[0].body.messages[0].content, 'My cat is called Tom');
		assert.equal(proxy.requests[0].body.messages[1].content, 'Nice name');
		proxy.reset();
		const { mem: off } = await supplyMemory(opts({ persistTurns: false }));
		await off.saveContext({ input: 'My dog is called Rex' }, { output: 'ok' });
		await off.chatHistory.addMessages([lc.human('My dog is called Rex'), lc.ai('ok')]);
		assert.equal(proxy.requests.length, 0);
	});

	test('the guard skips any of the last 64 pairs, across supplyData calls', async () => {
		assert.equal(GUARD_MAX_PAIRS, 64);
		const save = async (i) => {
			const { mem } = await supplyMemory(base({ params: { userId: 'guard' } }));
			await mem.saveContext({ input: `note number ${i}` }, { output: `ok ${i}` });
		};
		await save(0);
		await save(0);
		assert.equal(proxy.requests.length, 1, 'a repeated pair is not sent again');
		for (let i = 1; i <= 64; i++) await save(i); // pair 64 pushes pair 0 out of the last 64
		assert.equal(proxy.requests.length, 65);
		await save(64);
		await save(1);
		assert.equal(proxy.requests.length, 65, 'pairs 1..64 are still remembered');
		await save(0);
		assert.equal(proxy.requests.length, 66, 'pair 0 was forgotten and is sent again');
		// the same pair in another session is another conversation
		const { mem } = await supplyMemory(base({ params: { userId: 'guard', sessionId: 's2' } }));
		await mem.saveContext({ input: 'note number 5' }, { output: 'ok 5' });
		assert.equal(proxy.requests.length, 67);
	});

	test('a failed save is not remembered by the guard, so it can be sent again', async () => {
		proxy.state.fault = () => 'drop';
		const { mem, ctx } = await supplyMemory(base());
		await mem.saveContext({ input: 'I like tea' }, { output: 'Noted' });
		assert.match(ctx.record.warnings.join('\n'), /saving the turn failed/);
		proxy.state.fault = null;
		await mem.saveContext({ input: 'I like tea' }, { output: 'Noted' });
		assert.equal(proxy.requests.length, 2);
	});

	test('tool-call path: chatHistory.addMessages keeps the question and the final answer only', async () => {
		const { mem } = await supplyMemory(base({ params: { userId: 'tools' } }));
		await mem.loadMemoryVariables({});
		// the agent rebuilds the memory during the tool round-trip, then hands over the whole turn
		const { mem: rebuilt } = await supplyMemory(base({ params: { userId: 'tools' } }));
		await rebuilt.loadMemoryVariables({});
		const calls = [{ id: 'call_1', name: 'Calculator', args: { input: '6*7' }, type: 'tool_call' }];
		const turn = [
			lc.human('My favourite colour is green. What is 6*7?'),
			lc.ai('Calling Calculator with input: {"input":"6*7"}', calls),
			lc.tool('42', 'call_1'),
			lc.ai([{ type: 'text', text: 'It is 42.' }]),
		];
		await rebuilt.chatHistory.addMessages(turn);
		const saves = proxy.requests.filter((r) => r.path.endsWith('/from-conversation'));
		const searches = proxy.requests.filter((r) => r.path.endsWith('/search'));
		assert.equal(searches.length, 1, 'the rebuilt memory recalled from the module-level cache');
		assert.equal(saves.length, 1);
		assert.deepEqual(saves[0].body.messages, [
			{ role: 'user', content: 'My favourite colour is green. What is 6*7?' },
			{ role: 'assistant', content: 'It is 42.' },
		]);
		// the same turn again, through either path, is not sent twice
		await rebuilt.chatHistory.addMessages(turn);
		await rebuilt.saveContext(
			{ input: 'My favourite colour is green. What is 6*7?' },
			{ output: 'It is 42.' },
		);
		assert.equal(proxy.requests.filter((r) => r.path.endsWith('/from-conversation')).length, 1);
		const list = await (await fetch(`${open.url}/api/v1/memories?user_id=tools`)).json();
		assert.ok(list.items.some((m) => /green/.test(m.text)), JSON.stringify(list.items));
		assert.ok(!list.items.some((m) => /Calling Calculator/.test(m.text)));
	});

	test('plain {role, content} messages and the single-message helpers work too', async () => {
		const { mem } = await supplyMemory(base({ params: { userId: 'plain' } }));
		await mem.chatHistory.addUserMessage('I play the violin');
		await mem.chatHistory.addAIChatMessage('Lovely');
		await mem.chatHistory.addMessages([
			{ role: 'user', content: 'I have two sisters' },
			{ role: 'assistant', content: 'Nice' },
		]);
		const bodies = proxy.requests.map((r) => r.body.messages);
		assert.deepEqual(bodies, [
			[
				{ role: 'user', content: 'I play the violin' },
				{ role: 'assistant', content: 'Lovely' },
			],
			[
				{ role: 'user', content: 'I have two sisters' },
				{ role: 'assistant', content: 'Nice' },
			],
		]);
	});
});

describe('failures degrade to an empty context and never throw', () => {
	test('server unreachable', async () => {
		const { mem, ctx } = await supplyMemory(base({ ctx: { credentials: { baseUrl: 'http://127.0.0.1:9', apiKey: '' } } }));
		assert.deepEqual(await mem.loadMemoryVariables({}), { chat_history: [] });
		await mem.saveContext({ input: 'x y z' }, { output: 'ok' });
		assert.deepEqual(await mem.chatHistory.getMessages(), []);
		assert.ok(ctx.record.warnings.length >= 2);
	});

	test('server error, dropped connection, wrong key, returnMessages off', async () => {
		for (const fault of [() => 500, () => 'drop']) {
			resetMemoryState();
			proxy.state.fault = fault;
			const { mem } = await supplyMemory(base());
			assert.deepEqual(await mem.loadMemoryVariables({}), { chat_history: [] });
		}
		proxy.state.fault = () => 503;
		const { mem: textMem } = await supplyMemory(opts({ returnMessages: false }));
		assert.deepEqual(await textMem.loadMemoryVariables({}), { chat_history: '' });
		const { mem } = await supplyMemory(
			base({ ctx: { credentials: { baseUrl: keyedProxy.url, apiKey: 'msk_wrong' } } }),
		);
		assert.deepEqual(await mem.loadMemoryVariables({}), { chat_history: [] });
		await mem.saveContext({ input: 'I like jazz' }, { output: 'ok' });
		assert.deepEqual(
			keyedProxy.requests.map((r) => r.headers.authorization),
			['Bearer msk_wrong', 'Bearer msk_wrong'],
		);
	});

	test('blank user or session id is a configuration error of the node', async () => {
		await assert.rejects(supplyMemory(base({ params: { userId: '  ' } })), /User ID must not be blank/);
		await assert.rejects(supplyMemory(base({ params: { sessionId: '' } })), /Session ID must not be blank/);
	});
});

describe('clear', () => {
	test('deletes nothing on the server and forgets the local cache and guard', async () => {
		const count = async () => (await (await fetch(`${open.url}/api/v1/memories?user_id=clear&size=100`)).json()).total;
		const { mem } = await supplyMemory(base({ params: { userId: 'clear' } }));
		await mem.saveContext({ input: 'My brother is called Sam' }, { output: 'ok' });
		const before = await count();
		assert.ok(before > 0);
		await mem.loadMemoryVariables({});
		proxy.reset();
		await mem.clear();
		await mem.chatHistory.clear();
		assert.equal(proxy.requests.length, 0, 'clear sends nothing');
		assert.equal(await count(), before, 'nothing was deleted');
		await mem.loadMemoryVariables({});
		assert.equal(proxy.requests.length, 1, 'the cache was dropped');
		await mem.saveContext({ input: 'My brother is called Sam' }, { output: 'ok' });
		assert.equal(proxy.requests.length, 2, 'the guard was dropped');
	});
});
