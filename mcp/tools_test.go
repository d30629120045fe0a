package mcp

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

var update = flag.Bool("update", false, "rewrite testdata/*.json from the current tool definitions")

// TestToolSchemas snapshots each tool as clients list it (name, title,
// description, annotations, input schema). A change fails until the
// snapshot is refreshed on purpose: go test ./mcp -run TestToolSchemas -update.
func TestToolSchemas(t *testing.T) {
	for _, tool := range []*sdk.Tool{addMemoriesTool(), searchMemoryTool()} {
		t.Run(tool.Name, func(t *testing.T) {
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			if err := enc.Encode(tool); err != nil {
				t.Fatal(err)
			}
			got := buf.Bytes()
			path := filepath.Join("testdata", tool.Name+".json")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%s changed (-snapshot +now); if on purpose, run with -update:\n%s", path, diff)
			}
		})
	}
}

// TestSchemasArePortable checks what model providers are strict about:
// every type is one plain string, every array says what its items are,
// every object declares properties, every property is described for the
// model.
func TestSchemasArePortable(t *testing.T) {
	for _, tool := range []*sdk.Tool{addMemoriesTool(), searchMemoryTool()} {
		raw, err := json.Marshal(tool.InputSchema)
		if err != nil {
			t.Fatal(err)
		}
		var schema map[string]any
		if err := json.Unmarshal(raw, &schema); err != nil {
			t.Fatal(err)
		}
		if schema["type"] != "object" {
			t.Errorf("%s: top-level type %v", tool.Name, schema["type"])
		}
		props, _ := schema["properties"].(map[string]any)
		for name, p := range props {
			checkSchema(t, tool.Name+"."+name, p.(map[string]any), true)
		}
	}
}

func checkSchema(t *testing.T, path string, s map[string]any, top bool) {
	t.Helper()
	typ, ok := s["type"].(string)
	if !ok {
		t.Errorf("%s: type %v is not one string", path, s["type"])
	}
	if desc, _ := s["description"].(string); top && desc == "" {
		t.Errorf("%s: no description", path)
	}
	if props, _ := s["properties"].(map[string]any); typ == "object" && len(props) == 0 {
		// Gemini: "properties: should be non-empty for OBJECT type".
		t.Errorf("%s: object without properties", path)
	}
	props, _ := s["properties"].(map[string]any)
	for name, p := range props {
		checkSchema(t, path+"."+name, p.(map[string]any), true)
	}
	if typ == "array" {
		items, ok := s["items"].(map[string]any)
		if !ok {
			t.Errorf("%s: array without items", path)
			return
		}
		checkSchema(t, path+"[]", items, false)
	}
}
