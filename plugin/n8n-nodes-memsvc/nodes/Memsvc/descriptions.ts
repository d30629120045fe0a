import type { INodeProperties } from 'n8n-workflow';
import { memoryTypeOptions, searchModeOptions } from '../shared/options';


const userIdField: INodeProperties = {
	displayName: 'User ID',
	name: 'userId',
	type: 'string',
	default: '',
	description:
		'Whose memories (only used when the server runs without auth; with an API key the key decides the user)',
};

export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Memory', value: 'memory' },
		{ name: 'Entity', value: 'entity' },
	],
	default: 'memory',
};

export const memoryOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['memory'] } },
	options: [
		{
			name: 'Add',
			value: 'add',
			description: 'Store a memory from a text',
			action: 'Add a memory',
		},
		{
			name: 'Add From Conversation',
			value: 'addFromConversation',
			description: 'Extract memories from conversation messages',
			action: 'Add memories from a conversation',
		},
		{
			name: 'Delete',
			value: 'delete',
			description: 'Delete one or more memories',
			action: 'Delete memories',
		},
		{
			name: 'Get',
			value: 'get',
			description: 'Get a memory by ID',
			action: 'Get a memory',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			description: 'List memories, newest first',
			action: 'Get many memories',
		},
		{
			name: 'Search',
			value: 'search',
			description: 'Search memories relevant to a query',
			action: 'Search memories',
		},
	],
	default: 'add',
};

export const entityOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['entity'] } },
	options: [
		{
			name: 'Cancel Reconciliation',
			value: 'cancelReconcile',
			description: 'Stop the running reconciliation job',
			action: 'Cancel the reconciliation job',
		},
		{
			name: 'Get Merge Suggestions',
			value: 'getSuggestions',
			description: 'List entities that look like duplicates',
			action: 'Get merge suggestions',
		},
		{
			name: 'Get Reconciliation Status',
			value: 'getReconcileStatus',
			description: 'Get the state of the reconciliation job',
			action: 'Get the reconciliation status',
		},
		{
			name: 'Start Reconciliation',
			value: 'reconcile',
			description: 'Start a job that merges duplicate entities',
			action: 'Start entity reconciliation',
		},
	],
	default: 'getSuggestions',
};

const show = (operation: string[], resource = 'memory') => ({
	show: { resource: [resource], operation },
});

export const memoryFields: INodeProperties[] = [
	// Add
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		displayOptions: show(['add']),
		description: 'What to remember',
	},
	{
		displayName: 'Infer',
		name: 'infer',
		type: 'boolean',
		default: true,
		displayOptions: show(['add']),
		description:
			'Whether memsvc extracts facts from the text and deduplicates or supersedes them; off stores the text as written',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show(['add']),
		options: [
			{
				displayName: 'Memory Type',
				name: 'memoryType',
				type: 'options',
				options: memoryTypeOptions,
				default: 'semantic',
			},
			{
				displayName: 'Metadata',
				name: 'metadata',
				type: 'json',
				default: '{}',
				description: 'A JSON object stored with the memory (an empty object is not sent)',
			},
			{
				displayName: 'Timestamp',
				name: 'timestamp',
				type: 'dateTime',
				default: '',
				description: 'When it was said (default now); relative dates in the text resolve against it',
			},
			userIdField,
		],
	},

	// Add from conversation
	{
		displayName: 'Messages Input',
		name: 'messagesInput',
		type: 'options',
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{ name: 'Using JSON', value: 'json' },
		],
		default: 'fields',
		displayOptions: show(['addFromConversation']),
	},
	{
		displayName: 'Messages',
		name: 'messages',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Message',
		default: {},
		displayOptions: {
			show: { resource: ['memory'], operation: ['addFromConversation'], messagesInput: ['fields'] },
		},
		options: [
			{
				displayName: 'Message',
				name: 'message',
				values: [
					{
						displayName: 'Content',
						name: 'content',
						type: 'string',
						typeOptions: { rows: 2 },
						default: '',
					},
					{
						displayName: 'Message ID',
						name: 'id',
						type: 'string',
						default: '',
						description:
							"The message's ID in its chat, if it has one: the same message sent again is then not stored again",
					},
					{
						displayName: 'Role',
						name: 'role',
						type: 'options',
						options: [
							{ name: 'User', value: 'user' },
							{ name: 'Assistant', value: 'assistant' },
						],
						default: 'user',
					},
					{
						displayName: 'Said At',
						name: 'createdAt',
						type: 'dateTime',
						default: '',
						description:
							'When it was said (default now): a message that arrives late is placed where it was said',
					},
					{
						displayName: 'Speaker Name',
						name: 'name',
						type: 'string',
						default: '',
						description: 'Who said it; facts are attributed to this name',
					},
				],
			},
		],
	},
	{
		displayName: 'Messages (JSON)',
		name: 'messagesJson',
		type: 'json',
		default: '[{"role": "user", "content": ""}]',
		displayOptions: {
			show: { resource: ['memory'], operation: ['addFromConversation'], messagesInput: ['json'] },
		},
		description: 'An array of {role, content, name?, ID?, created_at?} objects',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show(['addFromConversation']),
		options: [
			{
				displayName: 'Agent Memory',
				name: 'agentMemory',
				type: 'boolean',
				default: false,
				description: 'Whether to store the facts as procedural memories about how the agent should work',
			},
			{
				displayName: 'Project',
				name: 'project',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Session ID',
				name: 'sessionId',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				description: 'Comma-separated tags',
			},
			userIdField,
		],
	},

	// Search
	{
		displayName: 'Query',
		name: 'query',
		type: 'string',
		default: '',
		required: true,
		displayOptions: show(['search']),
	},
	{
		displayName: 'Top K',
		name: 'topK',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 100 },
		default: 10,
		displayOptions: show(['search']),
		description: 'How many memories to return at most',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show(['search']),
		options: [
			{
				displayName: 'Include Superseded',
				name: 'includeSuperseded',
				type: 'boolean',
				default: false,
				description: 'Whether to also return memories that a newer fact replaced',
			},
			{
				displayName: 'Memory Type',
				name: 'memoryType',
				type: 'options',
				options: memoryTypeOptions,
				default: 'semantic',
			},
			{
				displayName: 'Mode',
				name: 'mode',
				type: 'options',
				options: searchModeOptions,
				default: 'hybrid',
			},
			{
				displayName: 'Project',
				name: 'project',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Rerank',
				name: 'rerank',
				type: 'boolean',
				default: false,
				description: 'Whether to rerank the results with the cross encoder',
			},
			{
				displayName: 'Session ID',
				name: 'sessionId',
				type: 'string',
				default: '',
				description: 'Only memories stored under this session',
			},
			userIdField,
		],
	},

	// Get
	{
		displayName: 'Memory ID',
		name: 'memoryId',
		type: 'string',
		default: '',
		required: true,
		displayOptions: show(['get']),
	},

	{
		...userIdField,
		displayOptions: show(['get', 'delete']),
	},

	// Delete
	{
		displayName: 'Memory IDs',
		name: 'memoryIds',
		type: 'string',
		default: '',
		required: true,
		displayOptions: show(['delete']),
		description: 'One or more memory IDs, comma-separated',
	},

	// Get many
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		displayOptions: show(['getAll']),
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Page',
		name: 'page',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 1,
		displayOptions: { show: { resource: ['memory'], operation: ['getAll'], returnAll: [false] } },
	},
	{
		displayName: 'Page Size',
		name: 'size',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 100 },
		default: 20,
		displayOptions: { show: { resource: ['memory'], operation: ['getAll'], returnAll: [false] } },
		description: 'Memories per page (at most 100)',
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: show(['getAll']),
		options: [
			{
				displayName: 'App ID',
				name: 'appId',
				type: 'string',
				default: '',
				description: 'Only memories written by this app',
			},
			{
				displayName: 'Categories',
				name: 'categories',
				type: 'string',
				default: '',
				description: 'Comma-separated categories',
			},
			{
				displayName: 'Include Superseded',
				name: 'includeSuperseded',
				type: 'boolean',
				default: false,
				description: 'Whether to also list memories that a newer fact replaced',
			},
			{
				displayName: 'Memory Type',
				name: 'memoryType',
				type: 'options',
				options: memoryTypeOptions,
				default: 'semantic',
			},
			{
				displayName: 'Project',
				name: 'project',
				type: 'string',
				default: '',
				description: 'Only memories of this project',
			},
			{
				displayName: 'Search Text',
				name: 'searchQuery',
				type: 'string',
				default: '',
				description: 'Only memories whose text contains this',
			},
			{
				displayName: 'Session ID',
				name: 'sessionId',
				type: 'string',
				default: '',
				description: 'Only memories of this conversation, for example a chat trigger’s session',
			},
			userIdField,
		],
	},
];

export const entityFields: INodeProperties[] = [
	{
		...userIdField,
		displayOptions: {
			show: { resource: ['entity'], operation: ['getSuggestions', 'reconcile', 'getReconcileStatus', 'cancelReconcile'] },
		},
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		displayOptions: show(['getSuggestions'], 'entity'),
		description: 'Max number of results to return',
	},
	{
		displayName: 'Options',
		name: 'reconcileOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show(['reconcile'], 'entity'),
		options: [
			{
				displayName: 'Dry Run',
				name: 'dryRun',
				type: 'boolean',
				default: false,
				description: 'Whether to only report what would be merged',
			},
			{
				displayName: 'Suggestion IDs',
				name: 'suggestionIds',
				type: 'string',
				default: '',
				description: 'Comma-separated suggestion IDs to merge (default: every suggestion over the threshold)',
			},
			{
				displayName: 'Threshold',
				name: 'threshold',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 1, numberPrecision: 2 },
				default: 0.8,
				description: 'Lowest suggestion score that is merged (0–1)',
			},
		],
	},
];
