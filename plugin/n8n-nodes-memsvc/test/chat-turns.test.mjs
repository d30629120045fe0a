// A real-chat style conversation through the AI memory sub-node, turn by turn as n8n's AI Agent drives it
// (supplyData for each chat message, load, answer, save), against a real memsvc; then read back through
// the action node.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { memory, runAction, startMemsvc, supplyMemory } from './harness.mjs';

let server;
before(async () => {
	server = await startMemsvc();
});
after(async () => {
	await server?.stop();
});

const creds = () => ({ baseUrl: server.url, apiKey: '' });

// One speaker's bursts of short messages, typos, slang, emoji, a shared photo's caption, a reply whose meaning
// is in the agent's question before it, and two changes of fact.
const chat = [
	['heyy', 'Hey Mia! How are you?'],
	['omg so much news', 'Tell me!'],
	['i got the job!!! 🎉🎉', 'Congratulations! Which job was it?'],
	['the data analyst one at Brightwater Labs, i start on monday', 'Amazing, good luck on Monday!'],
	['[shared a photo: my new desk at Brightwater with two monitors and a little cactus]', 'Nice setup!'],
	['i live in leeds rn btw, in a tiny flat near the station', 'Do you like living near the station?'],
	['not rly, the trains r so loud at night', 'That sounds tiring.'],
	['my fav food is lasagna lol', 'Lasagna is a classic.'],
	['ok update: we found a place in york, i moved to york last weekend', 'Exciting! How is York so far?'],
	['actually my favourite food is ramen now, had the best bowl yesterday 🍜', 'Ramen is great.'],
];
const said = [
	'the data analyst one at Brightwater Labs, i start on monday',
	'[shared a photo: my new desk at Brightwater with two monitors and a little cactus]',
	'i live in leeds rn btw, in a tiny flat near the station',
	'not rly, the trains r so loud at night',
	'ok update: we found a place in york, i moved to york last weekend',
	'actually my favourite food is ramen now, had the best bowl yesterday 🍜',
];

const listAll = async (userId, sessionId) =>
	await runAction({
		credentials: creds(),
		params: {
			resource: 'memory',
			operation: 'getAll',
			returnAll: true,
			filters: { userId, includeSuperseded: true, memoryType: '', ...(sessionId ? { sessionId } : {}) },
		},
	});

async function chatTurnByTurn(userId, sessionId) {
	for (const [input, output] of chat) {
		// n8n calls supplyData again for every execution of the agent
		const { mem } = await supplyMemory({
			credentials: creds(),
			params: { userId, sessionId, options: {} },
			json: { chatInput: input, sessionId },
		});
		await mem.loadMemoryVariables({ input });
		await mem.saveContext({ input }, { output });
	}
}

test('every substantive turn of a chat saved turn by turn is kept once, and changed facts are superseded', async () => {
	memory.resetMemoryState();
	await chatTurnByTurn('mia', 'chat-1');
	const all = (await listAll('mia')).map((i) => i.json);
	// a turn is kept as an episode, or (README, "How memories are made") by a fact that says its words, with
	// the turn as its excerpt and no episode beside it
	const words = (s) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
	for (const turn of said) {
		// a shared photo's turn is kept by its description (a known engine gap: the fact rewrites "photo:" as
		// "photo of", and no episode keeps the brackets)
		const asSaid = turn.startsWith('[shared a photo') ? turn.slice(turn.indexOf(':') + 1, -1) : turn;
		const kept = all.filter((m) =>
			m.source?.kind === 'episode'
				? m.text.includes(turn)
				: !m.source?.episode_id && m.source?.excerpt && words(m.source.excerpt).includes(words(asSaid)),
		);
		assert.equal(kept.length, 1, `turn ${JSON.stringify(turn)} kept ${kept.length} times:\n${all.map((m) => m.text).join('\n')}`);
	}
	// the agent's question stays with the answer that needs it
	const answer = all.find((m) => m.source?.kind === 'episode' && m.text.includes('trains r so loud'));
	assert.match(answer.text, /near the station/, `the reply "not rly" lost its question: ${answer.text}`);
	const active = all.filter((m) => m.state === 'active' && m.source?.kind !== 'episode').map((m) => m.text);
	assert.ok(!active.some((t) => /leeds/i.test(t)), `a Leeds fact is still active: ${active.join(' | ')}`);
	assert.ok(!active.some((t) => /lasagna/i.test(t)), `a lasagna fact is still active: ${active.join(' | ')}`);
});

test('a new chat recalls what holds now, not what the user changed', async () => {
	memory.resetMemoryState();
	for (const [question, now, then] of [
		['where does mia live now?', /york/i, /leeds/i],
		['what is mia’s favourite food?', /ramen/i, /lasagna/i],
	]) {
		const { mem } = await supplyMemory({
			credentials: creds(),
			params: { userId: 'mia', sessionId: 'chat-2', options: {} },
			json: { chatInput: question, sessionId: 'chat-2' },
		});
		const vars = await mem.loadMemoryVariables({ input: question });
		const context = vars.chat_history.map((m) => m.content).join('\n');
		assert.match(context, now, `${question}\n${context}`);
		assert.doesNotMatch(context, then, `${question}\n${context}`);
	}
});

test('Get Many with a Session ID loads back one chat, every turn, in the order it was said', async () => {
	memory.resetMemoryState();
	await chatTurnByTurn('noa', 'chat-a');
	await chatTurnByTurn('noa', 'chat-b');
	const items = (await listAll('noa', 'chat-a')).map((i) => i.json);
	assert.ok(items.length > 0, 'Get Many listed nothing for the session');
	assert.ok(
		items.every((m) => m.session_id === 'chat-a'),
		`Get Many with Session ID chat-a listed other sessions: ${[...new Set(items.map((m) => m.session_id))]}`,
	);
	const turns = items
		.filter((m) => m.source?.kind === 'episode')
		.sort((a, b) => (a.valid_from < b.valid_from ? -1 : a.valid_from > b.valid_from ? 1 : a.id < b.id ? -1 : 1))
		.map((m) => said.find((t) => m.text.includes(t)))
		.filter((t) => t !== undefined);
	const photo = said[1]; // kept by its fact, not an episode (see the first test)
	assert.deepEqual(turns, said.filter((t) => t !== photo));
});

test('Add From Conversation passes each message’s ID and Said At: a late older turn keeps its time, a resent one is a replay', async () => {
	const say = async (content, id, createdAt) =>
		(
			await runAction({
				credentials: creds(),
				params: {
					resource: 'memory',
					operation: 'addFromConversation',
					messagesInput: 'fields',
					messages: { message: [{ role: 'user', content, name: 'Ode', id, createdAt }] },
					additionalFields: { sessionId: 'imported', userId: 'ode' },
				},
			})
		)[0].json;
	await say('I moved to Aarhus in May, I love it here.', 'wa-2', '2025-06-01T10:00:00Z');
	await say('I keep a sourdough starter called Gerald on my windowsill.', 'wa-1', '2025-01-01T10:00:00Z');
	const again = await say('I keep a sourdough starter called Gerald on my windowsill.', 'wa-1', '2025-01-01T10:00:00Z');
	assert.equal(again.no_facts_extracted, true, `the resent message was stored again: ${JSON.stringify(again)}`);
	const items = (await listAll('ode')).map((i) => i.json);
	const episode = items.find((m) => m.source?.kind === 'episode' && m.text.includes('Gerald'));
	assert.equal(episode?.valid_from, '2025-01-01T10:00:00Z', `the episode ${JSON.stringify(episode)}`);
	assert.deepEqual(episode?.source?.message_ids, ['wa-1']);
	const bad = await runAction({
		credentials: creds(),
		continueOnFail: true,
		params: {
			resource: 'memory',
			operation: 'addFromConversation',
			messagesInput: 'fields',
			messages: { message: [{ role: 'user', content: 'hello there', createdAt: 'not a date' }] },
			additionalFields: { userId: 'ode' },
		},
	});
	assert.match(bad[0].json.error, /Said At/, `an invalid Said At: ${JSON.stringify(bad[0].json)}`);
});

test('a resent message whose ID and Said At are numbers (a messenger\'s, mapped by expression) is a replay', async () => {
	const say = async (content, id, createdAt) =>
		(
			await runAction({
				credentials: creds(),
				params: {
					resource: 'memory',
					operation: 'addFromConversation',
					messagesInput: 'fields',
					messages: { message: [{ role: 'user', content, name: 'Tove', id, createdAt }] },
					additionalFields: { sessionId: 'relayed', userId: 'tove' },
				},
			})
		)[0].json;
	await say('I play the cello in a community orchestra on Thursdays.', 902, 1735725600);
	const again = await say('I play the cello in a community orchestra on Thursdays.', 902, 1735725600);
	assert.equal(again.no_facts_extracted, true, `the resent message was stored again: ${JSON.stringify(again)}`);
	const items = (await listAll('tove')).map((i) => i.json);
	const episode = items.find((m) => m.source?.kind === 'episode' && m.text.includes('cello'));
	assert.equal(episode?.valid_from, '2025-01-01T10:00:00Z', `the episode ${JSON.stringify(episode)}`);
	assert.deepEqual(episode?.source?.message_ids, ['902']);
});
