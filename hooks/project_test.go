package hooks

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"

	"github.com/google/go-cmp/cmp"
)

func TestProjectFor(t *testing.T) {
	root := t.TempDir()
	mkdir := func(rel string) string {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	mkdir("shop/.git")
	mkdir("shop/web/src")
	mkdir("mono/.git")
	mkdir("mono/tools/linter")
	// A worktree's (and a submodule's) .git is a file.
	mkdir("shop-hooks/cmd")
	if err := os.WriteFile(filepath.Join(root, "shop-hooks", ".git"), []byte("gitdir: ../shop/.git/worktrees/x\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	mkdir("scratch/notes")
	tests := []struct {
		name string
		cfg  Config
		cwd  string
		want string
	}{
		{"repository top level", Config{}, filepath.Join(root, "shop"), "shop"},
		{"deep inside a repository", Config{}, filepath.Join(root, "shop/web/src"), "shop"},
		{"nearest repository wins", Config{}, filepath.Join(root, "mono/tools/linter"), "mono"},
		{"worktree: .git is a file", Config{}, filepath.Join(root, "shop-hooks/cmd"), "shop-hooks"},
		{"no repository: the directory's name", Config{}, filepath.Join(root, "scratch/notes"), "notes"},
		{"directory that does not exist", Config{}, "/home/dev/website", "website"},
		{"trailing slash", Config{}, filepath.Join(root, "shop/web") + "/", "shop"},
		{"no cwd", Config{}, "", ""},
		{"root", Config{}, "/", ""},
		{"override", Config{Project: " billing "}, filepath.Join(root, "shop"), "billing"},
		{"off", Config{NoProject: true, Project: "billing"}, filepath.Join(root, "shop"), ""},
		{"long names are cut", Config{Project: strings.Repeat("é", 150)}, "", strings.Repeat("é", maxProjectChars)},
		{"invisible characters dropped", Config{}, "/home/dev/web\u200bsite\u202e", "website"},
		{"no-break space made ordinary", Config{}, "/home/dev/my\u00a0site", "my site"},
		{"look-alike name: named by its hash", Config{}, "/home/dev/w\u0435bsite", unspellableProject("w\u0435bsite")},
		{"another look-alike name, another project", Config{}, "/home/dev/sh\u043ep", unspellableProject("sh\u043ep")},
	}
	if a, b := unspellableProject("w\u0435bsite"), unspellableProject("sh\u043ep"); a == b || engine.ValidateName("project", a) != nil {
		t.Errorf("unspellable projects %q and %q: want two names the server accepts", a, b)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := projectFor(tt.cfg, tt.cwd); got != tt.want {
				t.Errorf("projectFor(%q) = %q, want %q", tt.cwd, got, tt.want)
			}
		})
	}
}

func TestScopedFetch(t *testing.T) {
	mem := func(id, project string) memory { return memory{ID: id, Project: project} }
	// Server order (best or newest first) of every memory.
	all := []memory{
		mem("b1", "billing"), mem("n1", ""), mem("b2", "billing"), mem("s1", "shop"),
		mem("b3", "billing"), mem("b4", "billing"), mem("n2", ""), mem("s2", "shop"), mem("s3", "shop"),
	}
	type call struct {
		Project string
		Size    int
	}
	tests := []struct {
		name      string
		project   string
		n         int
		server    []memory
		failOn    int // 1-based call that fails; 0 none
		want      []string
		wantCalls []call
		wantErr   bool
	}{
		{"no project: one exact request", "", 3, all, 0,
			[]string{"b1", "n1", "b2"}, []call{{"", 3}}, false},
		{"unfiltered page holds enough", "shop", 2, all, 0,
			[]string{"n1", "s1"}, []call{{"", 8}}, false},
		{"unfiltered page ran out: nothing more to ask", "shop", 5, all, 0,
			[]string{"n1", "s1", "n2", "s2", "s3"}, []call{{"", 20}}, false},
		{"page full, too few kept: the project's own fill in, once each", "shop", 3, all[:4], 0,
			[]string{"n1", "s1"}, []call{{"", 12}}, false},
		{"filtered request completes a full page", "shop", 1, []memory{mem("b1", "billing"), mem("b2", "billing"),
			mem("b3", "billing"), mem("b4", "billing"), mem("s1", "shop")}, 0,
			[]string{"s1"}, []call{{"", 4}, {"shop", 1}}, false},
		{"filtered answers are deduplicated and cut to n", "shop", 2, []memory{mem("s1", "shop"), mem("b1", "billing"),
			mem("b2", "billing"), mem("b3", "billing"), mem("b4", "billing"), mem("b5", "billing"), mem("b6", "billing"),
			mem("b7", "billing"), mem("s2", "shop"), mem("s3", "shop")}, 0,
			[]string{"s1", "s2"}, []call{{"", 8}, {"shop", 2}}, false},
		{"page size capped at the server's maximum", "shop", 40, nil, 0, []string{}, []call{{"", 100}}, false},
		{"another project's user preference is kept", "shop", 3, []memory{mem("b1", "billing"),
			{ID: "b2", Project: "billing", Text: "Keep answers short, bullet points over prose"}, mem("s1", "shop")}, 0,
			[]string{"b2", "s1"}, []call{{"", 12}}, false},
		{"first request fails", "shop", 2, all, 1, nil, []call{{"", 8}}, true},
		{"second request fails", "shop", 1, []memory{mem("b1", "billing"), mem("b2", "billing"),
			mem("b3", "billing"), mem("b4", "billing")}, 2, nil, []call{{"", 4}, {"shop", 1}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls []call
			fetch := func(_ context.Context, project string, size int) ([]memory, error) {
				calls = append(calls, call{project, size})
				if len(calls) == tt.failOn {
					return nil, errors.New("scripted failure")
				}
				var out []memory
				for _, m := range tt.server {
					if len(out) < size && (project == "" || m.Project == project) {
						out = append(out, m)
					}
				}
				return out, nil
			}
			got, err := scopedFetch(context.Background(), tt.project, tt.n, fetch)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if diff := cmp.Diff(tt.wantCalls, calls); diff != "" {
				t.Errorf("calls (-want +got):\n%s", diff)
			}
			if tt.wantErr {
				return
			}
			ids := []string{}
			for _, m := range got {
				ids = append(ids, m.ID)
			}
			if diff := cmp.Diff(tt.want, ids); diff != "" {
				t.Errorf("memories (-want +got):\n%s", diff)
			}
		})
	}
}

// projectMemories are facts of two repositories and of none, oldest first.
func projectMemories() []memory {
	return []memory{
		{ID: "w1", Text: "The website deploys with make deploy from the main branch", State: "active",
			Project: "website", CreatedAt: "2025-05-01T00:00:00Z"},
		{ID: "s1", Text: "The shop deploys with helm upgrade from the release branch", State: "active",
			Project: "shop", CreatedAt: "2025-05-02T00:00:00Z"},
		{ID: "n1", Text: "Nobody may deploy anything on Fridays", State: "active", CreatedAt: "2025-05-03T00:00:00Z"},
		{ID: "wp", Text: "Always run make lint before a website commit", State: "active", MemoryType: "procedural",
			Project: "website", CreatedAt: "2025-05-04T00:00:00Z"},
		{ID: "sp", Text: "Always run the shop's pnpm check before committing", State: "active", MemoryType: "procedural",
			Project: "shop", CreatedAt: "2025-05-05T00:00:00Z"},
		{ID: "np", Text: "Never push to main; every change goes through a PR", State: "active", MemoryType: "procedural",
			CreatedAt: "2025-05-06T00:00:00Z"},
	}
}

// TestHooksKeepProjectsApart: the hooks recall, list and capture under the
// project of the event's cwd (the fixtures' /home/dev/website: "website").
func TestHooksKeepProjectsApart(t *testing.T) {
	deployPrompt := promptEvent(t, "p1", "How do we deploy the website and the shop?")
	// Twenty shop memories outrank everything: the unfiltered search finds no
	// website memory, so the search filtered to the project has to.
	crowded := func(f *fakeMemsvcREST) {
		var shop []memory
		for i := range 20 {
			shop = append(shop, memory{ID: fmt.Sprint("c", i), Text: "deploy deploy", State: "active", Project: "shop",
				CreatedAt: "2025-04-01T00:00:00Z"})
		}
		f.memories = append(shop, f.memories...)
	}
	tests := []struct {
		name       string
		event      string
		stdin      string
		tweak      func(*Config, *fakeMemsvcREST)
		want, not  []string
		wantBodies []map[string]any // the project sent, per request ("" for none)
	}{
		{name: "prompt recalls its project's and unscoped memories", event: "prompt", stdin: deployPrompt,
			want: []string{"make deploy", "anything on Fridays"}, not: []string{"helm upgrade"}},
		{name: "prompt in another repository", event: "prompt",
			stdin: strings.Replace(deployPrompt, "/home/dev/website", "/home/dev/shop", 1),
			want:  []string{"helm upgrade", "anything on Fridays"}, not: []string{"make deploy"}},
		{name: "prompt with projects off recalls everything", event: "prompt", stdin: deployPrompt,
			tweak: func(c *Config, _ *fakeMemsvcREST) { c.NoProject = true },
			want:  []string{"make deploy", "helm upgrade", "anything on Fridays"}},
		{name: "prompt under an overridden project", event: "prompt", stdin: deployPrompt,
			tweak: func(c *Config, _ *fakeMemsvcREST) { c.Project = "shop" },
			want:  []string{"helm upgrade"}, not: []string{"make deploy"}},
		{name: "prompt crowded out by another project asks its own", event: "prompt", stdin: deployPrompt,
			tweak: func(_ *Config, f *fakeMemsvcREST) { crowded(f) },
			want:  []string{"make deploy"}, not: []string{"deploy deploy"},
			wantBodies: []map[string]any{{"top_k": 20.0}, {"top_k": 5.0, "project": "website"}}},
		{name: "session start: the project's and unscoped instructions first, each once", event: "session-start",
			stdin: fixture(t, "session_start.json"),
			want: []string{sessionNotice + "\n" + instructionsHeader + "\n" +
				"- 2025-05-06: Never push to main; every change goes through a PR\n" +
				"- 2025-05-04: Always run make lint before a website commit\n" + recentHeader + "\n" +
				"- 2025-05-03: Nobody may deploy anything on Fridays\n" +
				"- 2025-05-01: The website deploys with make deploy from the main branch"},
			not: []string{"shop"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, srv := newFakeMemsvcREST(t)
			fake.memories = projectMemories()
			cfg := testConfig(t, srv.URL)
			if tt.tweak != nil {
				tt.tweak(&cfg, fake)
			}
			checkMentions(t, decodeOutput(t, runHook(t, tt.event, cfg, tt.stdin)).AdditionalContext, tt.want, tt.not)
			if tt.wantBodies == nil {
				return
			}
			calls := fake.requests()
			if tt.event == "prompt" {
				calls = fake.searches()
			}
			var got []map[string]any
			for _, c := range calls {
				b := map[string]any{"top_k": c.Body["top_k"]}
				if p, ok := c.Body["project"]; ok {
					b["project"] = p
				}
				got = append(got, b)
			}
			if diff := cmp.Diff(tt.wantBodies, got); diff != "" {
				t.Errorf("searches (-want +got):\n%s", diff)
			}
		})
	}
}
