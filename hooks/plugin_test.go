package hooks

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// pluginDir is the plugin package this package's hooks are wired into.
const pluginDir = "../plugin"

// decodeStrict decodes a plugin file, rejecting unknown fields so a typo in
// a key fails here rather than being ignored by Claude Code.
func decodeStrict(t *testing.T, rel string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(pluginDir, rel))
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
}

// hooksFile is plugin/hooks/hooks.json, per the hooks reference
// ("Configuration", "Command hook fields"): an optional description, and
// the event map wrapped in "hooks" (the plugin manifest reference says a
// file without that wrapper fails to load).
type hooksFile struct {
	Description string `json:"description"`
	Hooks       map[string][]struct {
		Matcher string `json:"matcher"`
		Hooks   []struct {
			Type    string   `json:"type"`
			Command string   `json:"command"`
			Args    []string `json:"args"`
			Timeout int      `json:"timeout"`
		} `json:"hooks"`
	} `json:"hooks"`
}

// pluginTimeouts reads the per-event timeouts of the plugin's hooks.
func pluginTimeouts(t *testing.T) map[string]time.Duration {
	t.Helper()
	var hf hooksFile
	decodeStrict(t, "hooks/hooks.json", &hf)
	out := map[string]time.Duration{}
	for event, groups := range hf.Hooks {
		for _, g := range groups {
			for _, h := range g.Hooks {
				out[event] = time.Duration(h.Timeout) * time.Second
			}
		}
	}
	return out
}

func TestPluginHooksFile(t *testing.T) {
	var hf hooksFile
	decodeStrict(t, "hooks/hooks.json", &hf)
	type handler struct {
		Command string
		Args    []string
		Timeout int
	}
	got := map[string][]handler{}
	for event, groups := range hf.Hooks {
		for _, g := range groups {
			if g.Matcher != "" {
				t.Errorf("%s: matcher %q; these events run on every occurrence", event, g.Matcher)
			}
			for _, h := range g.Hooks {
				if h.Type != "command" {
					t.Errorf("%s: type %q, want command", event, h.Type)
				}
				if strings.Contains(h.Command, "${user_config.") {
					t.Errorf("%s: command references ${user_config.*}, rejected by Claude Code", event)
				}
				got[event] = append(got[event], handler{h.Command, h.Args, h.Timeout})
			}
		}
	}
	// Exec form (command + args): no shell, so it runs the same on every
	// platform and no option value is re-parsed by a shell.
	want := map[string][]handler{
		"UserPromptSubmit": {{"memsvc", []string{"hook", "prompt"}, 15}},
		"SessionStart":     {{"memsvc", []string{"hook", "session-start"}, 10}},
		"Stop":             {{"memsvc", []string{"hook", "stop"}, 120}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("hooks.json handlers (-want +got):\n%s", diff)
	}
	for event, hs := range got {
		if _, _, err := handlerFor(hs[0].Args[1], Config{}); err != nil {
			t.Errorf("%s calls an event Run does not know: %v", event, err)
		}
	}
}

// manifest is the subset of .claude-plugin/plugin.json this plugin uses,
// per the plugin manifest reference ("Fields", "User configuration": each
// option is a strict object with type, title, description and optional
// sensitive).
type manifest struct {
	Schema      string `json:"$schema"`
	Name        string `json:"name"`
	DisplayName string `json:"displayName"`
	Version     string `json:"version"`
	Description string `json:"description"`
	Author      struct {
		Name string `json:"name"`
	} `json:"author"`
	Repository string   `json:"repository"`
	Keywords   []string `json:"keywords"`
	UserConfig map[string]struct {
		Type        string `json:"type"`
		Title       string `json:"title"`
		Description string `json:"description"`
		Sensitive   bool   `json:"sensitive"`
	} `json:"userConfig"`
}

func TestPluginManifest(t *testing.T) {
	var m manifest
	decodeStrict(t, ".claude-plugin/plugin.json", &m)
	if m.Name != "memsvc" || m.Version == "" || m.Description == "" || m.Author.Name == "" {
		t.Errorf("manifest metadata = %+v", m)
	}
	var keys []string
	ident := regexp.MustCompile(`^[A-Za-z_]\w*$`)
	for key, opt := range m.UserConfig {
		keys = append(keys, key)
		if !ident.MatchString(key) {
			t.Errorf("option key %q is not an identifier", key)
		}
		if opt.Type != "string" || opt.Title == "" || opt.Description == "" {
			t.Errorf("option %s = %+v, want a titled, described string", key, opt)
		}
		if opt.Sensitive != (key == "api_key") {
			t.Errorf("option %s: sensitive = %v", key, opt.Sensitive)
		}
		// The option must reach ConfigFromEnv under the name it reads.
		env := "CLAUDE_PLUGIN_OPTION_" + strings.ToUpper(key)
		cfg := ConfigFromEnv(func(k string) string {
			if k == env {
				return "from-plugin"
			}
			return ""
		})
		if !slices.Contains([]string{cfg.URL, cfg.UserID, cfg.APIKey, cfg.ClientName}, "from-plugin") {
			t.Errorf("option %s (%s) does not reach Config", key, env)
		}
	}
	slices.Sort(keys)
	if diff := cmp.Diff([]string{"api_key", "base_url", "client_name", "user_id"}, keys); diff != "" {
		t.Errorf("userConfig keys (-want +got):\n%s", diff)
	}
}

func TestPluginMarketplace(t *testing.T) {
	var mk struct {
		Name        string `json:"name"`
		Description string `json:"description"`
		Owner       struct {
			Name string `json:"name"`
		} `json:"owner"`
		Plugins []struct {
			Name        string `json:"name"`
			Source      string `json:"source"`
			Description string `json:"description"`
		} `json:"plugins"`
	}
	decodeStrict(t, ".claude-plugin/marketplace.json", &mk)
	if mk.Name != "memsvc" || mk.Owner.Name == "" || len(mk.Plugins) != 1 {
		t.Fatalf("marketplace = %+v", mk)
	}
	if p := mk.Plugins[0]; p.Name != "memsvc" || p.Source != "./" {
		t.Errorf("plugin entry = %+v, want memsvc from the marketplace root", p)
	}
}
