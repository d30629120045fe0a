// The action node against a real memsvc (without auth and with), through a recording proxy; the Return All
// guard against a stub that never stops paging.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { runAction, startMemsvc, startProxy } from './harness.mjs';

let open;
let keyed;
let proxy;
let keyedProxy;

before(async () => {
	[open, keyed] = await Promise.all([startMemsvc(), startMemsvc({ auth: true, user: 'alice' })]);
	proxy = await startProxy(open);
	keyedProxy = await startProxy(keyed);
});

after(async () => {
	await Promise.all([proxy?.close(), keyedProxy?.close()]);
	await Promise.all([open?.stop(), keyed?.stop()]);
});

beforeEach(() => {
	proxy.reset();
	keyedProxy.reset();
});

const act = (params, over = {}) =>
	runAction({ credentials: { baseUrl: proxy.url, apiKey: '' }, params, ...over });
const keyedAct = (params, over = {}) =>
	runAction({ credentials: { baseUrl: keyedProxy.url, apiKey: keyed.key }, params, ...over });

function assertJsonBody(r) {
	assert.match(r.headers['content-type'], /^application\/json/, `${r.method} ${r.path}`);
	assert.equal(r.headers.origin, undefined);
}

describe('memory operations', () => {
	test('Add: app is the package name, an empty metadata object is left out', async () => {
		const out = await act({
			resource: 'memory',
			operation: 'add',
			text: 'Bob likes green tea',
			infer: true,
			additionalFields: { memoryType: 'semantic', metadata: '{}', userId: 'bob' },
		});
		const [r] = proxy.requests;
		assert.equal(r.method, 'POST');
		assert.equal(r.path, '/api/v1/memories');
		assertJsonBody(r);
		assert.equal(r.headers.authorization, undefined);
		assert.deepEqual(r.body, {
			text: 'Bob likes green tea',
			app: 'n8n-nodes-memsvc',
			infer: true,
			memory_type: 'semantic',
			user_id: 'bob',
		});
		assert.equal(out.length, 1);
		assert.equal(out[0].json.results[0].event, 'ADD');
		assert.deepEqual(out[0].pairedItem, { item: 0 });

		proxy.reset();
		await act({
			resource: 'memory',
			operation: 'add',
			text: 'Bob owns a red bicycle',
			infer: false,
			additionalFields: {
				metadata: { source: 'crm' },
				timestamp: '2025-01-02T03:04:05.000Z',
				userId: 'bob',
			},
		});
		assert.deepEqual(proxy.requests[0].body, {
			text: 'Bob owns a red bicycle',
			app: 'n8n-nodes-memsvc',
			infer: false,
			metadata: { source: 'crm' },
			timestamp: '2025-01-02T03:04:05.000Z',
			user_id: 'bob',
		});
		const list = await (await fetch(`${open.url}/api/v1/memories?user_id=bob`)).json();
		const bike = list.items.find((m) => /bicycle/.test(m.text));
		assert.equal(bike.app_name, 'n8n-nodes-memsvc');
		assert.deepEqual(bike.metadata, { source: 'crm' });
	});

	test('Add From Conversation: fields and JSON input', async () => {
		await act({
			resource: 'memory',
			operation: 'addFromConversation',
			messagesInput: 'fields',
			messages: {
				message: [
					{ role: 'user', content: 'I am allergic to peanuts', name: 'Carol' },
					{ role: 'assistant', content: 'Noted!', name: '' },
				],
			},
			additionalFields: { sessionId: 'c-1', project: 'kitchen', tags: 'health, food', agentMemory: false, userId: 'carol' },
		});
		const [r] = proxy.requests;
		assert.equal(r.path, '/api/v1/memories/from-conversation');
		assertJsonBody(r);
		assert.deepEqual(r.body, {
			messages: [
				{ role: 'user', content: 'I am allergic to peanuts', name: 'Carol' },
				{ role: 'assistant', content: 'Noted!' },
			],
			session_id: 'c-1',
			project: 'kitchen',
			tags: ['health', 'food'],
			user_id: 'carol',
		});
		proxy.reset();
		const out = await act({
			resource: 'memory',
			operation: 'addFromConversation',
			messagesInput: 'json',
			messagesJson: '[{"role":"user","content":"To deploy the site, first run make build, then push to the deploy branch."}]',
			additionalFields: { agentMemory: true, userId: 'carol' },
		});
		assert.deepEqual(proxy.requests[0].body, {
			messages: [{ role: 'user', content: 'To deploy the site, first run make build, then push to the deploy branch.' }],
			agent_memory: true,
			user_id: 'carol',
		});
		assert.equal(typeof out[0].json.no_facts_extracted, 'boolean');
	});

	test('Add From Conversation: a message ID or Said At mapped by expression as a number is sent, not dropped', async () => {
		// a messenger's message ID is often a number (Telegram's message_id) and its date Unix seconds
		const out = await act({
			resource: 'memory',
			operation: 'addFromConversation',
			messagesInput: 'fields',
			messages: {
				message: [
					{ role: 'user', content: 'My bike is a green Brompton', id: 4711, createdAt: 1732690000 },
					{ role: 'user', content: 'It folds in ten seconds', id: ' 4712 ', createdAt: '1732690060.5' },
					{ role: 'user', content: 'I ride it to work', id: 0, createdAt: '2024-11-27T07:00:00Z' },
				],
			},
			additionalFields: { userId: 'erin' },
		});
		assert.deepEqual(proxy.requests[0].body.messages, [
			{ role: 'user', content: 'My bike is a green Brompton', id: '4711', created_at: '2024-11-27T06:46:40.000Z' },
			{ role: 'user', content: 'It folds in ten seconds', id: '4712', created_at: '2024-11-27T06:47:40.500Z' },
			{ role: 'user', content: 'I ride it to work', id: '0', created_at: '2024-11-27T07:00:00.000Z' },
		]);
		assert.ok(Array.isArray(out[0].json.results), JSON.stringify(out));
		proxy.reset();
		// Unix seconds in the Add operation's Timestamp too
		await act({
			resource: 'memory',
			operation: 'add',
			text: 'Erin commutes by bike',
			infer: false,
			additionalFields: { timestamp: 1732690000, userId: 'erin' },
		});
		assert.equal(proxy.requests[0].body.timestamp, '2024-11-27T06:46:40.000Z');
		// milliseconds are not seconds: refused by name, nothing sent
		proxy.reset();
		const bad = await act(
			{
				resource: 'memory',
				operation: 'addFromConversation',
				messagesInput: 'fields',
				messages: { message: [{ role: 'user', content: 'hello', createdAt: 1732690000000 }] },
				additionalFields: { userId: 'erin' },
			},
			{ continueOnFail: true },
		);
		assert.match(bad[0].json.error, /Said At .*1732690000000.*Unix seconds/, JSON.stringify(bad[0].json));
		assert.equal(proxy.requests.length, 0);
	});

	test('Search: top-k defaults to 10, app_name sent, one item per result', async () => {
		const out = await act({
			resource: 'memory',
			operation: 'search',
			query: 'what does Bob drink',
			additionalFields: { userId: 'bob' },
		});
		const [r] = proxy.requests;
		assert.equal(r.path, '/api/v1/memories/search');
		assertJsonBody(r);
		assert.deepEqual(r.body, { query: 'what does Bob drink', top_k: 10, app_name: 'n8n-nodes-memsvc', user_id: 'bob' });
		assert.ok(out.length >= 1);
		assert.match(out[0].json.text, /green tea/);
		assert.equal(typeof out[0].json.score, 'number');

		proxy.reset();
		await act({
			resource: 'memory',
			operation: 'search',
			query: 'tea',
			topK: 500,
			additionalFields: {
				mode: 'text',
				rerank: true,
				sessionId: 's',
				memoryType: 'semantic',
				project: 'p',
				includeSuperseded: true,
				userId: 'bob',
			},
		});
		assert.deepEqual(proxy.requests[0].body, {
			query: 'tea',
			top_k: 100,
			app_name: 'n8n-nodes-memsvc',
			mode: 'text',
			rerank: 'cross_encoder',
			session_id: 's',
			memory_type: 'semantic',
			project: 'p',
			include_superseded: true,
			user_id: 'bob',
		});
	});

	test('Get and Delete (one or more ids); errors carry memsvc\'s detail; continueOnFail', async () => {
		const added = await act({ resource: 'memory', operation: 'add', text: 'Dave plays chess', infer: false, additionalFields: { userId: 'dave' } });
		const id = added[0].json.results[0].id;
		const got = await act({ resource: 'memory', operation: 'get', memoryId: id, userId: 'dave' });
		assert.equal(proxy.requests.at(-1).method, 'GET');
		assert.equal(proxy.requests.at(-1).path, `/api/v1/memories/${id}`);
		assert.deepEqual(proxy.requests.at(-1).query, { user_id: 'dave' });
		assert.equal(got[0].json.text, 'Dave plays chess');

		proxy.reset();
		const del = await act({ resource: 'memory', operation: 'delete', memoryIds: ` ${id} , nope-1,`, userId: 'dave' });
		const [r] = proxy.requests;
		assert.equal(r.method, 'DELETE');
		assert.equal(r.path, '/api/v1/memories');
		assertJsonBody(r);
		assert.deepEqual(r.body, { memory_ids: [id, 'nope-1'], user_id: 'dave' });
		assert.deepEqual(del[0].json.deleted, [id]);
		assert.deepEqual(del[0].json.not_found, ['nope-1']);

		// memsvc's 404 detail is the error message
		const detail = await (await fetch(`${open.url}/api/v1/memories/${id}?user_id=dave`)).json();
		assert.ok(detail.detail);
		await assert.rejects(act({ resource: 'memory', operation: 'get', memoryId: id, userId: 'dave' }), (e) => {
			assert.equal(e.message, detail.detail);
			assert.equal(e.httpCode, '404');
			return true;
		});
		const out = await act(
			{ resource: 'memory', operation: 'get', memoryId: id },
			{ continueOnFail: true, items: [{ json: {} }, { json: {} }] },
		);
		assert.deepEqual(out, [
			{ json: { error: detail.detail }, pairedItem: { item: 0 } },
			{ json: { error: detail.detail }, pairedItem: { item: 1 } },
		]);
	});

	test('Get Many: page, size (max 100) and filters go to the query string', async () => {
		await act({
			resource: 'memory',
			operation: 'getAll',
			returnAll: false,
			page: 2,
			size: 500,
			filters: {
				appId: 'n8n-nodes-memsvc',
				categories: 'location, food',
				searchQuery: 'tea',
				includeSuperseded: true,
				memoryType: 'semantic',
				userId: 'bob',
			},
		});
		const [r] = proxy.requests;
		assert.equal(r.method, 'GET');
		assert.equal(r.path, '/api/v1/memories');
		assert.equal(r.body, undefined);
		assert.deepEqual(r.query, {
			app_id: 'n8n-nodes-memsvc',
			categories: 'location,food',
			search_query: 'tea',
			include_superseded: 'true',
			memory_type: 'semantic',
			user_id: 'bob',
			page: '2',
			size: '100',
		});
		proxy.reset();
		const out = await act({ resource: 'memory', operation: 'getAll', filters: { userId: 'bob' } });
		assert.deepEqual(proxy.requests[0].query, { user_id: 'bob', page: '1', size: '20' });
		assert.ok(out.length >= 2);
		assert.ok(out.every((i) => i.json.user_id === 'bob'));
	});

	test('Get Many with Return All reads pages of 100 until the last', async () => {
		for (let i = 0; i < 130; i++) {
			await act({ resource: 'memory', operation: 'add', text: `Eve note ${i}`, infer: false, additionalFields: { userId: 'eve' } });
		}
		proxy.reset();
		const out = await act({ resource: 'memory', operation: 'getAll', returnAll: true, filters: { userId: 'eve' } });
		assert.equal(out.length, 130);
		assert.deepEqual(
			proxy.requests.map((r) => [r.query.page, r.query.size]),
			[
				['1', '100'],
				['2', '100'],
			],
		);
		assert.equal(new Set(out.map((i) => i.json.id)).size, 130);
	});
});

describe('Return All guard', () => {
	test('stops after 1,000 pages whatever the server says', async () => {
		let calls = 0;
		const stub = http.createServer((req, res) => {
			calls++;
			const page = Number(new URL(req.url, 'http://x').searchParams.get('page'));
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ items: [{ id: `m${page}`, text: 'x' }], total: 1e9, page, size: 100, pages: 1e7 }));
		});
		await new Promise((r) => stub.listen(0, '127.0.0.1', r));
		try {
			const out = await runAction({
				credentials: { baseUrl: `http://127.0.0.1:${stub.address().port}`, apiKey: '' },
				params: { resource: 'memory', operation: 'getAll', returnAll: true, filters: {} },
			});
			assert.equal(calls, 1000);
			assert.equal(out.length, 1000);
			assert.equal(out.at(-1).json.id, 'm1000');
		} finally {
			await new Promise((r) => stub.close(r));
		}
	});
});

describe('entity operations', () => {
	test('suggestions, reconcile, status and cancel hit their routes', async () => {
		await act({ resource: 'entity', operation: 'getSuggestions', limit: 7, userId: 'bob' });
		await act({
			resource: 'entity',
			operation: 'reconcile',
			reconcileOptions: { dryRun: true, threshold: 0.9, suggestionIds: 'sg_1, sg_2' },
		}).catch(() => {}); // unknown suggestion ids may be refused; the request is what is checked
		await act({ resource: 'entity', operation: 'getReconcileStatus' });
		await act({ resource: 'entity', operation: 'cancelReconcile' }).catch(() => {});
		const seen = proxy.requests.map((r) => `${r.method} ${r.path}`);
		assert.deepEqual(seen, [
			'GET /api/v1/entities/suggestions',
			'POST /api/v1/entities/reconcile',
			'GET /api/v1/entities/reconcile',
			'DELETE /api/v1/entities/reconcile',
		]);
		assert.deepEqual(proxy.requests[0].query, { limit: '7', user_id: 'bob' });
		assertJsonBody(proxy.requests[1]);
		assert.deepEqual(proxy.requests[1].body, { suggestion_ids: ['sg_1', 'sg_2'], threshold: 0.9, dry_run: true });
		const status = await act({ resource: 'entity', operation: 'getReconcileStatus' });
		assert.ok(['idle', 'running', 'done', 'cancelled', 'failed'].includes(status[0].json.status));
	});
});

describe('with an API key', () => {
	test('Bearer on every call, user_id never in the query string, wrong key shows memsvc\'s 401 detail', async () => {
		await keyedAct({ resource: 'memory', operation: 'add', text: 'Alice sails on weekends', infer: false, additionalFields: { userId: 'mallory' } });
		const out = await keyedAct({ resource: 'memory', operation: 'getAll', filters: { userId: 'alice' } });
		await keyedAct({ resource: 'memory', operation: 'search', query: 'sailing', additionalFields: {} });
		for (const r of keyedProxy.requests) assert.equal(r.headers.authorization, `Bearer ${keyed.key}`);
		assert.deepEqual(keyedProxy.requests[1].query, { page: '1', size: '20' });
		// the key decides the user: the body's user_id was rescoped to alice
		assert.ok(out.some((i) => i.json.text === 'Alice sails on weekends' && i.json.user_id === 'alice'));

		const res = await fetch(`${keyed.url}/api/v1/memories`, { headers: { Authorization: 'Bearer msk_wrong' } });
		const detail = (await res.json()).detail;
		await assert.rejects(
			runAction({
				credentials: { baseUrl: keyed.url, apiKey: 'msk_wrong' },
				params: { resource: 'memory', operation: 'getAll' },
			}),
			(e) => e.message === detail && e.httpCode === '401',
		);
	});
});
