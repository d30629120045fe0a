import type { IDataObject, ISupplyDataFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import type { Connection } from '../shared/transport';
import { APP_NAME, memsvcRequest } from '../shared/transport';

/** A chat message as the AI Agent accepts it from a memory: plain role and content. */
export interface PlainMessage {
	role: 'user' | 'assistant' | 'system';
	content: string;
}

export interface MemoryConfig {
	/** Identifies this memory node (workflow id and node id) in the module-level cache and guard. */
	nodeKey: string;
	userId: string;
	sessionId: string;
	/** The evaluated {{ $json.chatInput }}: the AI Agent loads memory with empty values. */
	query: string;
	scopeRecallToSession: boolean;
	topK: number;
	contextFormat: 'block' | 'messages';
	contextRole: 'user' | 'system';
	inputKey: string;
	memoryKey: string;
	memoryType: string;
	outputKey: string;
	persistTurns: boolean;
	project: string;
	recallCacheTtlMs: number;
	rerank: boolean;
	returnMessages: boolean;
	mode: 'hybrid' | 'text' | 'vector';
	tags: string[];
}

/** Queries shorter than this (after trimming) list the most recent memories instead of searching. */
export const MIN_QUERY_CHARS = 3;
/** Recall cache size: the oldest entry goes when a 33rd is added. */
export const CACHE_MAX_ENTRIES = 32;
/** How many input/output pairs the duplicate-write guard remembers. */
export const GUARD_MAX_PAIRS = 64;

interface CacheEntry {
	expires: number;
	messages: PlainMessage[];
}

// Module level on purpose: the AI Agent calls supplyData again during a tool round-trip, so state kept on the
// memory object would be lost between the recall before the tool call and the one after it.
const recallCache = new Map<string, CacheEntry>();
const sentPairs = new Map<string, string[]>();

/** Empties the module-level cache and guard (for tests). */
export function resetMemoryState(): void {
	recallCache.clear();
	sentPairs.clear();
}

function cacheScope(cfg: MemoryConfig): string {
	return JSON.stringify([cfg.nodeKey, cfg.userId]);
}

function cacheKey(cfg: MemoryConfig, query: string): string {
	return JSON.stringify([
		cfg.nodeKey,
		cfg.userId,
		cfg.scopeRecallToSession ? cfg.sessionId : '',
		cfg.topK,
		cfg.mode,
		cfg.rerank,
		cfg.memoryType,
		cfg.project,
		cfg.contextFormat,
		cfg.contextRole,
		query.toLowerCase(),
	]);
}

function cacheGet(key: string, now: number): PlainMessage[] | undefined {
	const hit = recallCache.get(key);
	if (hit === undefined) return undefined;
	if (hit.expires <= now) {
		recallCache.delete(key);
		return undefined;
	}
	// refresh its place: the least recently used entry is evicted first
	recallCache.delete(key);
	recallCache.set(key, hit);
	return hit.messages;
}

function cachePut(key: string, messages: PlainMessage[], ttlMs: number, now: number): void {
	if (ttlMs <= 0) return;
	recallCache.delete(key);
	recallCache.set(key, { expires: now + ttlMs, messages });
	while (recallCache.size > CACHE_MAX_ENTRIES) {
		const oldest = recallCache.keys().next().value as string;
		recallCache.delete(oldest);
	}
}

function cacheDropScope(cfg: MemoryConfig): void {
	const prefix = cacheScope(cfg).slice(0, -1);
	for (const key of [...recallCache.keys()]) if (key.startsWith(prefix)) recallCache.delete(key);
}

function guardKey(cfg: MemoryConfig): string {
	return JSON.stringify([cfg.nodeKey, cfg.userId, cfg.sessionId]);
}

/** Records the pair; false when it is one of the last GUARD_MAX_PAIRS already sent. */
function guardClaim(cfg: MemoryConfig, input: string, output: string): boolean {
	const key = guardKey(cfg);
	const pair = JSON.stringify([input, output]);
	const list = sentPairs.get(key) ?? [];
	if (list.includes(pair)) return false;
	list.push(pair);
	while (list.length > GUARD_MAX_PAIRS) list.shift();
	sentPairs.set(key, list);
	return true;
}

function guardRelease(cfg: MemoryConfig, input: string, output: string): void {
	const list = sentPairs.get(guardKey(cfg));
	if (list === undefined) return;
	const i = list.indexOf(JSON.stringify([input, output]));
	if (i >= 0) list.splice(i, 1);
}

interface MemoryRecord {
	id?: string;
	text?: string;
	/** false when the memory does not clear memsvc's relevance floor; absent from older servers */
	relevant?: boolean;
	created_at?: string;
	valid_from?: string;
	/** an episode's distilled facts (ids) */
	facts?: string[];
}

function recordDate(m: MemoryRecord): string {
	const when = m.valid_from ?? m.created_at ?? '';
	return typeof when === 'string' && when.length >= 10 ? when.slice(0, 10) : '';
}

/** Builds the context the agent sees from recalled memories. */
export function formatContext(cfg: MemoryConfig, records: MemoryRecord[]): PlainMessage[] {
	const lines = records
		.filter((m) => typeof m.text === 'string' && m.text.trim() !== '')
		.map((m) => {
			const date = recordDate(m);
			return date ? `${m.text!.trim()} (${date})` : m.text!.trim();
		});
	if (lines.length === 0) return [];
	if (cfg.contextFormat === 'messages') {
		return lines.map((line) => ({ role: cfg.contextRole, content: `Memory: ${line}` }));
	}
	return [
		{
			role: cfg.contextRole,
			content: `Relevant long-term memories about this user (from memsvc):\n${lines
				.map((l) => `- ${l}`)
				.join('\n')}`,
		},
	];
}

function bufferString(messages: PlainMessage[]): string {
	const names = { user: 'Human', assistant: 'AI', system: 'System' };
	return messages.map((m) => `${names[m.role]}: ${m.content}`).join('\n');
}

/** The text of a LangChain message, a plain {role, content} object, or a string. */
function messageText(content: unknown): string {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) {
		return content
			.map((part) => {
				if (typeof part === 'string') return part;
				const p = part as IDataObject;
				return p && p.type === 'text' && typeof p.text === 'string' ? p.text : '';
			})
			.join('');
	}
	return '';
}

/** user, assistant, system, tool or '' for a LangChain message or a plain one. */
function messageRole(message: unknown): string {
	const m = message as IDataObject & {
		_getType?: () => string;
		getType?: () => string;
	};
	let type = '';
	if (m && typeof m._getType === 'function') type = m._getType();
	else if (m && typeof m.getType === 'function') type = m.getType();
	else if (m && typeof m.role === 'string') type = m.role;
	else if (m && typeof m.type === 'string') type = m.type;
	switch (type) {
		case 'human':
		case 'user':
			return 'user';
		case 'ai':
		case 'assistant':
			return 'assistant';
		case 'system':
			return 'system';
		case 'tool':
		case 'function':
			return 'tool';
		default:
			return '';
	}
}

/** Whether an AI message asks for tools: its text is tool chatter ("Calling X with input …"), not an answer. */
function hasToolCalls(message: unknown): boolean {
	const calls = (message as IDataObject)?.tool_calls;
	return Array.isArray(calls) && calls.length > 0;
}

function valueText(value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') return value;
	if (typeof value === 'object' && 'content' in (value as IDataObject)) {
		return messageText((value as IDataObject).content);
	}
	return JSON.stringify(value);
}

/** The duck-typed LangChain memory the AI Agent uses: loadMemoryVariables, saveContext, chatHistory, clear. */
export class MemsvcChatMemory {
	readonly memoryKeys: string[];

	readonly chatHistory: {
		getMessages: () => Promise<PlainMessage[]>;
		addMessage: (message: unknown) => Promise<void>;
		addMessages: (messages: unknown[]) => Promise<void>;
		addUserMessage: (text: string) => Promise<void>;
		addAIChatMessage: (text: string) => Promise<void>;
		addAIMessage: (text: string) => Promise<void>;
		clear: () => Promise<void>;
	};

	private pendingInput = '';

	constructor(
		private readonly ctx: ISupplyDataFunctions,
		private readonly conn: Connection,
		readonly cfg: MemoryConfig,
		private readonly now: () => number = Date.now,
	) {
		this.memoryKeys = [cfg.memoryKey];
		this.chatHistory = {
			getMessages: async () => await this.recall(cfg.query),
			addMessage: async (message) => await this.addMessages([message]),
			addMessages: async (messages) => await this.addMessages(messages),
			addUserMessage: async (text) => await this.addMessages([{ role: 'user', content: text }]),
			addAIChatMessage: async (text) =>
				await this.addMessages([{ role: 'assistant', content: text }]),
			addAIMessage: async (text) => await this.addMessages([{ role: 'assistant', content: text }]),
			clear: async () => await this.clear(),
		};
	}

	get returnMessages(): boolean {
		return this.cfg.returnMessages;
	}

	get inputKey(): string {
		return this.cfg.inputKey;
	}

	get outputKey(): string {
		return this.cfg.outputKey;
	}

	get memoryKey(): string {
		return this.cfg.memoryKey;
	}

	async loadMemoryVariables(values: IDataObject = {}): Promise<IDataObject> {
		const { index } = this.ctx.addInputData(NodeConnectionTypes.AiMemory, [
			[{ json: { action: 'loadMemoryVariables', values } }],
		]);
		let query = this.cfg.query;
		if (query.trim() === '') query = valueText(values?.[this.cfg.inputKey]);
		const messages = await this.recall(query);
		const result: IDataObject = {
			[this.cfg.memoryKey]: this.cfg.returnMessages
				? (messages as unknown as IDataObject[])
				: bufferString(messages),
		};
		this.ctx.addOutputData(NodeConnectionTypes.AiMemory, index, [
			[{ json: { action: 'loadMemoryVariables', chatHistory: messages as unknown as IDataObject[] } }],
		]);
		return result;
	}

	async saveContext(inputValues: IDataObject, outputValues: IDataObject): Promise<void> {
		const input = valueText(inputValues?.[this.cfg.inputKey] ?? inputValues?.input);
		const output = valueText(outputValues?.[this.cfg.outputKey] ?? outputValues?.output);
		await this.persist([[input, output]]);
	}

	/** Forgets this node's cached recall and sent-pair record for the user; deletes nothing on the server. */
	async clear(): Promise<void> {
		cacheDropScope(this.cfg);
		sentPairs.delete(guardKey(this.cfg));
		this.pendingInput = '';
	}

	/** Recalled memories as messages; any failure gives an empty context, never an error. */
	async recall(query: string): Promise<PlainMessage[]> {
		const q = query.trim();
		const key = cacheKey(this.cfg, q);
		const cached = this.cfg.recallCacheTtlMs > 0 ? cacheGet(key, this.now()) : undefined;
		if (cached !== undefined) return cached;
		try {
			const records = q.length < MIN_QUERY_CHARS ? await this.recent() : await this.search(q);
			const messages = formatContext(this.cfg, records);
			cachePut(key, messages, this.cfg.recallCacheTtlMs, this.now());
			return messages;
		} catch (error) {
			this.ctx.logger?.warn(`memsvc memory: recall failed, continuing without memories: ${String(error)}`);
			return [];
		}
	}

	private async search(query: string): Promise<MemoryRecord[]> {
		const body: IDataObject = {
			query,
			top_k: this.cfg.topK,
			mode: this.cfg.mode,
			app_name: APP_NAME,
			user_id: this.cfg.userId,
		};
		if (this.cfg.rerank) body.rerank = 'cross_encoder';
		if (this.cfg.scopeRecallToSession) body.session_id = this.cfg.sessionId;
		if (this.cfg.memoryType) body.memory_type = this.cfg.memoryType;
		if (this.cfg.project) body.project = this.cfg.project;
		const res = (await memsvcRequest(this.ctx, this.conn, 'POST', '/api/v1/memories/search', body)) as {
			results?: MemoryRecord[];
		};
		// Nothing below memsvc's relevance floor reaches the agent: an unrelated
		// question gets an empty context, not the nearest strangers.
		return Array.isArray(res?.results) ? res.results.filter((r) => r.relevant !== false) : [];
	}

	/**
	 * The most recent memories, without the turns kept as said that facts were distilled from: the facts are
	 * as recent and say what the turn meant, so listing both would spend two places on one thing. Asked for
	 * twice as deep to fill the places they free (top k is at most 50, a page at most 100).
	 */
	private async recent(): Promise<MemoryRecord[]> {
		const qs: IDataObject = { page: 1, size: 2 * this.cfg.topK };
		// With a key the key decides the user, and a user_id in the query string could only earn a 403.
		if (!this.conn.keyed) qs.user_id = this.cfg.userId;
		if (this.cfg.scopeRecallToSession) qs.session_id = this.cfg.sessionId;
		if (this.cfg.memoryType) qs.memory_type = this.cfg.memoryType;
		if (this.cfg.project) qs.project = this.cfg.project;
		const res = (await memsvcRequest(this.ctx, this.conn, 'GET', '/api/v1/memories', undefined, qs)) as {
			items?: MemoryRecord[];
		};
		const items = Array.isArray(res?.items) ? res.items : [];
		return items.filter((m) => !(Array.isArray(m.facts) && m.facts.length > 0)).slice(0, this.cfg.topK);
	}

	/** The tool-call path: the agent hands over the turn's messages instead of calling saveContext. */
	private async addMessages(messages: unknown[]): Promise<void> {
		const pairs: Array<[string, string]> = [];
		for (const message of messages ?? []) {
			const role = messageRole(message);
			const text = messageText((message as IDataObject)?.content).trim();
			if (role === 'user') {
				if (this.pendingInput !== '') pairs.push([this.pendingInput, '']);
				this.pendingInput = text;
			} else if (role === 'assistant' && text !== '' && !hasToolCalls(message)) {
				pairs.push([this.pendingInput, text]);
				this.pendingInput = '';
			}
			// tool results, tool-call requests without text and system messages are not conversation
		}
		await this.persist(pairs);
	}

	private async persist(pairs: Array<[string, string]>): Promise<void> {
		if (!this.cfg.persistTurns) return;
		for (const [input, output] of pairs) {
			if (input.trim() === '' && output.trim() === '') continue;
			if (!guardClaim(this.cfg, input, output)) continue;
			const { index } = this.ctx.addInputData(NodeConnectionTypes.AiMemory, [
				[{ json: { action: 'saveContext', input, output } }],
			]);
			const messages: IDataObject[] = [];
			if (input.trim() !== '') messages.push({ role: 'user', content: input });
			if (output.trim() !== '') messages.push({ role: 'assistant', content: output });
			const body: IDataObject = {
				messages,
				session_id: this.cfg.sessionId,
				user_id: this.cfg.userId,
			};
			if (this.cfg.project) body.project = this.cfg.project;
			if (this.cfg.tags.length > 0) body.tags = this.cfg.tags;
			let outcome: IDataObject;
			try {
				outcome = (await memsvcRequest(
					this.ctx,
					this.conn,
					'POST',
					'/api/v1/memories/from-conversation',
					body,
				)) as IDataObject;
				// what was just learned should be recallable on the next turn
				cacheDropScope(this.cfg);
			} catch (error) {
				guardRelease(this.cfg, input, output);
				this.ctx.logger?.warn(`memsvc memory: saving the turn failed: ${String(error)}`);
				outcome = { error: String(error) };
			}
			this.ctx.addOutputData(NodeConnectionTypes.AiMemory, index, [
				[{ json: { action: 'saveContext', ...outcome } }],
			]);
		}
	}
}
