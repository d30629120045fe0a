import type { INodePropertyOptions } from 'n8n-workflow';

/** memsvc's memory types (API.md `memory_type`), for both nodes' type pickers. */
export const memoryTypeOptions: INodePropertyOptions[] = [
	{ name: 'Episodic', value: 'episodic' },
	{ name: 'Procedural', value: 'procedural' },
	{ name: 'Semantic', value: 'semantic' },
];

/** memsvc's search modes (API.md `mode`), for both nodes' mode pickers. */
export const searchModeOptions: INodePropertyOptions[] = [
	{ name: 'Hybrid', value: 'hybrid' },
	{ name: 'Text', value: 'text' },
	{ name: 'Vector', value: 'vector' },
];
