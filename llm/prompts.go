package llm

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"
)

// Names of the prompts under prompts/, for Prompt.
const (
	PromptExtractFacts    = "extract_facts"    // conversation -> atomic facts (FactsSchema)
	PromptUpdateMemory    = "update_memory"    // existing memories + new facts -> decisions (DecisionsSchema)
	PromptExtractSkill    = "extract_skill"    // memories/conversation -> procedures (SkillsSchema)
	PromptExtractEntities = "extract_entities" // text -> named entities (EntitiesSchema)
	PromptRerank          = "rerank"           // query + numbered documents -> scores (RerankSchema)
	PromptCaptionImage    = "caption_image"    // image -> caption, visible text, tags (CaptionSchema)
)

//go:embed prompts/*.txt
var promptFiles embed.FS

// FactsSchema is the JSON schema of the fact extraction answer.
const FactsSchema = `{
  "type": "object",
  "properties": {
    "facts": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "text": {"type": "string", "description": "one atomic, self-contained, third-person fact with absolute dates"},
          "subject": {"type": "string", "description": "name of the person the fact is about"},
          "memory_type": {"type": "string", "enum": ["episodic", "semantic", "procedural"]},
          "valid_from": {"type": "string", "description": "YYYY-MM-DD, YYYY-MM or YYYY when the fact became true; empty if unknown"},
          "message_ids": {"type": "array", "items": {"type": "string"}},
          "categories": {"type": "array", "items": {"type": "string"}}
        },
        "required": ["text", "memory_type"]
      }
    }
  },
  "required": ["facts"]
}`

// DecisionsSchema is the JSON schema of the memory update decisions answer.
const DecisionsSchema = `{
  "type": "object",
  "properties": {
    "decisions": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "fact": {"type": "integer", "minimum": 0, "description": "index of the new fact"},
          "event": {"type": "string", "enum": ["ADD", "UPDATE", "SUPERSEDE", "NONE"]},
          "id": {"type": "integer", "minimum": 0, "description": "existing memory id; required for UPDATE and SUPERSEDE"},
          "text": {"type": "string", "description": "merged memory text; required for UPDATE"}
        },
        "required": ["fact", "event"]
      }
    }
  },
  "required": ["decisions"]
}`

// SkillsSchema is the JSON schema of the skill extraction answer.
const SkillsSchema = `{
  "type": "object",
  "properties": {
    "skills": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "name": {"type": "string"},
          "description": {"type": "string"},
          "steps": {"type": "array", "items": {"type": "string"}, "minItems": 2},
          "triggers": {"type": "array", "items": {"type": "string"}},
          "source_ids": {"type": "array", "items": {"type": "string"}}
        },
        "required": ["name", "description", "steps", "triggers"]
      }
    }
  },
  "required": ["skills"]
}`

// EntitiesSchema is the JSON schema of the entity extraction answer.
const EntitiesSchema = `{
  "type": "object",
  "properties": {
    "entities": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "name": {"type": "string"},
          "type": {"type": "string", "enum": ["person", "organization", "place", "project", "product", "event", "pet", "other"]},
          "aliases": {"type": "array", "items": {"type": "string"}}
        },
        "required": ["name", "type"]
      }
    }
  },
  "required": ["entities"]
}`

// RerankSchema is the JSON schema of the rerank answer: one score in [0, 1] per document, in order.
const RerankSchema = `{
  "type": "object",
  "properties": {
    "scores": {"type": "array", "items": {"type": "number", "minimum": 0, "maximum": 1}}
  },
  "required": ["scores"]
}`

// CaptionSchema is the JSON schema of the image caption answer.
const CaptionSchema = `{
  "type": "object",
  "properties": {
    "caption": {"type": "string"},
    "text": {"type": "string", "description": "text visible in the image, empty if none"},
    "tags": {"type": "array", "items": {"type": "string"}}
  },
  "required": ["caption"]
}`

// schemaOf maps each prompt to the schema it embeds.
func schemaOf(name string) (string, bool) {
	switch name {
	case PromptExtractFacts:
		return FactsSchema, true
	case PromptUpdateMemory:
		return DecisionsSchema, true
	case PromptExtractSkill:
		return SkillsSchema, true
	case PromptExtractEntities:
		return EntitiesSchema, true
	case PromptRerank:
		return RerankSchema, true
	case PromptCaptionImage:
		return CaptionSchema, true
	}
	return "", false
}

// Prompt returns the system prompt with the given name (one of the Prompt* constants), with its output JSON
// schema filled in. Pass the same schema as ChatRequest.Schema (see PromptSchema) so providers with
// structured output enforce it.
func Prompt(name string) (string, error) {
	schema, ok := schemaOf(name)
	if !ok {
		return "", fmt.Errorf("llm: unknown prompt %q", name)
	}
	b, err := promptFiles.ReadFile("prompts/" + name + ".txt")
	if err != nil {
		return "", fmt.Errorf("llm: read prompt %q: %w", name, err)
	}
	return strings.ReplaceAll(string(b), "{{SCHEMA}}", schema), nil
}

// PromptSchema returns the output JSON schema of the named prompt, ready for ChatRequest.Schema.
func PromptSchema(name string) (json.RawMessage, error) {
	schema, ok := schemaOf(name)
	if !ok {
		return nil, fmt.Errorf("llm: unknown prompt %q", name)
	}
	return json.RawMessage(schema), nil
}

// ExtractJSON returns the JSON object or array in a model's answer, tolerating what chat models wrap around it:
// code fences, a sentence before or after, leading "<think>" blocks. It returns "" when there is none. It does
// not validate the JSON; json.Unmarshal does.
func ExtractJSON(s string) string {
	if i := strings.LastIndex(s, "</think>"); i >= 0 {
		s = s[i+len("</think>"):]
	}
	start := strings.IndexAny(s, "{[")
	if start < 0 {
		return ""
	}
	open := s[start]
	closing := byte('}')
	if open == '[' {
		closing = ']'
	}
	end := strings.LastIndexByte(s, closing)
	if end < start {
		return ""
	}
	return s[start : end+1]
}
