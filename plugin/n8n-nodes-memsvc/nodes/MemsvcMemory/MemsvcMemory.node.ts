import type {
	IDataObject,
	INodeType,
	INodeTypeDescription,
	ISupplyDataFunctions,
	SupplyData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { memoryTypeOptions, searchModeOptions } from '../shared/options';
import { connection, splitList } from '../shared/transport';
import type { MemoryConfig } from './memory';
import { MemsvcChatMemory } from './memory';

function clampTopK(value: unknown): number {
	const n = Math.floor(Number(value));
	if (!Number.isFinite(n)) return 5;
	return Math.min(50, Math.max(1, n));
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
	return allowed.includes(value as T) ? (value as T) : fallback;
}

function nonBlank(value: unknown, fallback: string): string {
	const s = typeof value === 'string' ? value.trim() : '';
	return s === '' ? fallback : s;
}

export class MemsvcMemory implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'memsvc Memory',
		name: 'memsvcMemory',
		icon: { light: 'file:memsvc.svg', dark: 'file:memsvc.dark.svg' },
		subtitle: '={{ "user " + $parameter["userId"] }}',
		group: ['transform'],
		version: 1,
		description:
			'Long-term memory for the AI Agent: recalls relevant memories from memsvc and saves each exchange',
		defaults: {
			name: 'memsvc Memory',
		},
		codex: {
			categories: ['AI'],
			subcategories: {
				AI: ['Memory'],
				Memory: ['Other memories'],
			},
			resources: {
				primaryDocumentation: [
					{
						url: 'https://github.com/memsvc/memsvc/tree/main/plugin/n8n-nodes-memsvc#memory-sub-node',
					},
				],
			},
		},
		inputs: [],
		outputs: [NodeConnectionTypes.AiMemory],
		outputNames: ['Memory'],
		credentials: [
			{
				name: 'memsvcApi',
				required: true,
			},
		],
		properties: [
			{
				displayName: 'User ID',
				name: 'userId',
				type: 'string',
				default: '',
				required: true,
				placeholder: 'alice',
				description:
					'Whose memories to recall and write. With an API key, memsvc uses the key\'s user whatever this says.',
			},
			{
				displayName: 'Session ID',
				name: 'sessionId',
				type: 'string',
				default: '={{ $json.sessionId }}',
				required: true,
				description: 'The conversation the saved turns belong to',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Context Format',
						name: 'contextFormat',
						type: 'options',
						options: [
							{
								name: 'Block',
								value: 'block',
								description: 'One message listing every recalled memory',
							},
							{
								name: 'Messages',
								value: 'messages',
								description: 'One message per recalled memory',
							},
						],
						default: 'block',
						description: 'How recalled memories are handed to the agent',
					},
					{
						displayName: 'Context Role',
						name: 'contextRole',
						type: 'options',
						options: [
							{ name: 'User', value: 'user' },
							{ name: 'System', value: 'system' },
						],
						default: 'user',
						description: 'The role of the message(s) carrying recalled memories',
					},
					{
						displayName: 'Input Key',
						name: 'inputKey',
						type: 'string',
						default: 'input',
						description: 'Key of the user message in the values saved after a turn',
					},
					{
						displayName: 'Memory Key',
						name: 'memoryKey',
						type: 'string',
						default: 'chat_history',
						description: 'Key under which the recalled context is returned to the agent',
					},
					{
						displayName: 'Memory Type',
						name: 'memoryType',
						type: 'options',
						options: [{ name: 'Any', value: '' }, ...memoryTypeOptions],
						default: '',
						description: 'Recall only memories of this type',
					},
					{
						displayName: 'Output Key',
						name: 'outputKey',
						type: 'string',
						default: 'output',
						description: 'Key of the agent\'s answer in the values saved after a turn',
					},
					{
						displayName: 'Persist Turns',
						name: 'persistTurns',
						type: 'boolean',
						default: true,
						description:
							'Whether to send each exchange to memsvc (from-conversation) with the session ID, project and tags',
					},
					{
						displayName: 'Project',
						name: 'project',
						type: 'string',
						default: '',
						description: 'Project of saved turns; also narrows recall to that project',
					},
					{
						displayName: 'Recall Cache TTL (Ms)',
						name: 'recallCacheTtlMs',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: 15000,
						description:
							'How long a recall is reused for the same query (case-insensitive; 32 entries). 0 turns the cache off.',
					},
					{
						displayName: 'Rerank',
						name: 'rerank',
						type: 'boolean',
						default: false,
						description: 'Whether to rerank recalled memories with memsvc\'s cross encoder',
					},
					{
						displayName: 'Return Messages',
						name: 'returnMessages',
						type: 'boolean',
						default: true,
						description:
							'Whether to return the context as chat messages; off returns one text ("Human: …" lines)',
					},
					{
						displayName: 'Scope Recall to Session',
						name: 'scopeRecallToSession',
						type: 'boolean',
						default: false,
						description: 'Whether to recall only memories saved under this session ID',
					},
					{
						displayName: 'Search Mode',
						name: 'mode',
						type: 'options',
						options: searchModeOptions,
						default: 'hybrid',
						description: 'Retrieval mode of recall',
					},
					{
						displayName: 'Tags',
						name: 'tags',
						type: 'string',
						default: '',
						placeholder: 'support, billing',
						description: 'Comma-separated tags added to saved turns',
					},
					{
						displayName: 'Top K',
						name: 'topK',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: 50 },
						default: 5,
						description: 'How many memories to recall (1–50)',
					},
				],
			},
		],
	};

	async supplyData(this: ISupplyDataFunctions, itemIndex: number): Promise<SupplyData> {
		const userId = String(this.getNodeParameter('userId', itemIndex, '') ?? '').trim();
		const sessionId = String(this.getNodeParameter('sessionId', itemIndex, '') ?? '').trim();
		if (userId === '') {
			throw new NodeOperationError(this.getNode(), 'User ID must not be blank', { itemIndex });
		}
		if (sessionId === '') {
			throw new NodeOperationError(this.getNode(), 'Session ID must not be blank', {
				itemIndex,
				description: 'Map it from the chat trigger, for example {{ $json.sessionId }}',
			});
		}
		const o = this.getNodeParameter('options', itemIndex, {}) as IDataObject;

		// The AI Agent loads memory with empty values, so the query is the chat input of the current item.
		let query = '';
		try {
			const evaluated = this.evaluateExpression('{{ $json.chatInput }}', itemIndex);
			query = typeof evaluated === 'string' ? evaluated : '';
		} catch {
			query = '';
		}

		const node = this.getNode();
		const workflowId = String(this.getWorkflow()?.id ?? '');
		const cfg: MemoryConfig = {
			nodeKey: `${workflowId}:${node.id ?? node.name}`,
			userId,
			sessionId,
			query,
			scopeRecallToSession: o.scopeRecallToSession === true,
			topK: clampTopK(o.topK ?? 5),
			contextFormat: oneOf(o.contextFormat, ['block', 'messages'] as const, 'block'),
			contextRole: oneOf(o.contextRole, ['user', 'system'] as const, 'user'),
			inputKey: nonBlank(o.inputKey, 'input'),
			memoryKey: nonBlank(o.memoryKey, 'chat_history'),
			memoryType: oneOf(o.memoryType, ['episodic', 'procedural', 'semantic', ''] as const, ''),
			outputKey: nonBlank(o.outputKey, 'output'),
			persistTurns: o.persistTurns !== false,
			project: typeof o.project === 'string' ? o.project.trim() : '',
			recallCacheTtlMs: Math.max(0, Number(o.recallCacheTtlMs ?? 15000) || 0),
			rerank: o.rerank === true,
			returnMessages: o.returnMessages !== false,
			mode: oneOf(o.mode, ['hybrid', 'text', 'vector'] as const, 'hybrid'),
			tags: splitList(o.tags),
		};
		const conn = await connection(this);
		return { response: new MemsvcChatMemory(this, conn, cfg) };
	}
}
