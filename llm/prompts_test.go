package llm

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestPrompts(t *testing.T) {
	names := []string{PromptExtractFacts, PromptUpdateMemory, PromptExtractSkill, PromptExtractEntities,
		PromptRerank, PromptCaptionImage}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			p, err := Prompt(name)
			if err != nil {
				t.Fatal(err)
			}
			schema, err := PromptSchema(name)
			if err != nil {
				t.Fatal(err)
			}
			var v map[string]any
			if err := json.Unmarshal(schema, &v); err != nil {
				t.Fatalf("schema is not JSON: %v", err)
			}
			if v["type"] != "object" {
				t.Errorf("schema type = %v, want object", v["type"])
			}
			if strings.Contains(p, "{{") || !strings.Contains(p, string(schema)) {
				t.Errorf("prompt does not embed its schema")
			}
			// Every example answer in a prompt must be valid JSON.
			for rest, n := p, 0; ; n++ {
				i := strings.Index(rest, "Output:\n")
				if i < 0 {
					break
				}
				rest = rest[i+len("Output:\n"):]
				example := rest
				if j := strings.Index(example, "\nExample"); j >= 0 {
					example = example[:j]
				}
				if err := json.Unmarshal([]byte(ExtractJSON(example)), &v); err != nil {
					t.Errorf("example output %d is not JSON: %v", n, err)
				}
			}
		})
	}
	if _, err := Prompt("nope"); err == nil {
		t.Error("Prompt(nope): want error")
	}
	if _, err := PromptSchema("nope"); err == nil {
		t.Error("PromptSchema(nope): want error")
	}
}

func TestExtractJSON(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain", `{"a":1}`, `{"a":1}`},
		{"fenced", "```json\n{\"a\":1}\n```", `{"a":1}`},
		{"prose around", "Here you go: {\"a\":[1,2]} Hope it helps.", `{"a":[1,2]}`},
		{"array", "[1,2,3]", "[1,2,3]"},
		{"think block", "<think>maybe {x}</think>\n{\"a\":1}", `{"a":1}`},
		{"none", "no json here", ""},
		{"unclosed", "{\"a\":", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := ExtractJSON(tc.in); got != tc.want {
				t.Errorf("ExtractJSON(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
