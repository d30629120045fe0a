package mcp_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const initializeBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",` +
	`"capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`

// rawPost sends one MCP message over plain HTTP and returns status and body.
func rawPost(t *testing.T, url string, hdr map[string]string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(initializeBody))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var body map[string]any
	_ = json.Unmarshal(raw, &body)
	return res.StatusCode, body
}

func TestAuth(t *testing.T) {
	s := startServer(t, serverConfig{secret: "s3cret"})
	alice := s.mint(t, "alice")

	t.Run("no key is a 401 before any MCP traffic", func(t *testing.T) {
		status, body := rawPost(t, s.url+"/mcp/claude", nil)
		if status != http.StatusUnauthorized || body["code"] != "unauthorized" {
			t.Errorf("status %d body %v, want 401 unauthorized", status, body)
		}
		if _, err := s.tryConnect(context.Background(), conn{client: "claude"}); err == nil {
			t.Error("the SDK client connected without a key")
		}
	})
	t.Run("wrong key is a 401", func(t *testing.T) {
		status, _ := rawPost(t, s.url+"/mcp/claude", map[string]string{"Authorization": "Bearer msk_forged.0000000000000000.AAAA"})
		if status != http.StatusUnauthorized {
			t.Errorf("status %d, want 401", status)
		}
	})
	t.Run("user_id naming someone else is a 403", func(t *testing.T) {
		status, _ := rawPost(t, s.url+"/mcp/claude?user_id=bob", map[string]string{"Authorization": "Bearer " + alice})
		if status != http.StatusForbidden {
			t.Errorf("status %d, want 403", status)
		}
	})
	for name, place := range map[string]keyPlace{"bearer": bearer, "API_KEY header": header, "api_key query": query} {
		t.Run("key as "+name, func(t *testing.T) {
			sess := s.connect(t, conn{client: "claude", key: alice, place: place})
			id := addText(t, sess, "Alice's key works as "+name)
			r := call(t, sess, "search_memory", map[string]any{"ids": []string{id}})
			m, _ := list(r.data, "items")[0]["memory"].(map[string]any)
			if m["user_id"] != "alice" {
				t.Errorf("memory written with the key belongs to %v, want alice", m["user_id"])
			}
		})
	}
}

func TestSecondUserSeesNothing(t *testing.T) {
	s := startServer(t, serverConfig{secret: "s3cret"})
	alice := s.connect(t, conn{client: "claude", key: s.mint(t, "alice")})
	bob := s.connect(t, conn{client: "claude", key: s.mint(t, "bob")})
	id := addText(t, alice, "Alice's bank PIN hint is her cat's name")

	if got := texts(call(t, bob, "search_memory", map[string]any{"query": "bank PIN hint cat"})); len(got) != 0 {
		t.Errorf("bob's search sees %q", got)
	}
	if got := texts(call(t, bob, "search_memory", map[string]any{})); len(got) != 0 {
		t.Errorf("bob's browse sees %q", got)
	}
	r := call(t, bob, "search_memory", map[string]any{"ids": []string{id}})
	if it := list(r.data, "items")[0]; it["memory"] != nil || it["error"] == nil {
		t.Errorf("bob fetched alice's memory by id: %v", it)
	}
	r = call(t, bob, "add_memories", map[string]any{"memories": []string{"forget: " + id, "forget that Alice's bank PIN hint is her cat's name"}})
	for _, e := range list(r.data, "forget") {
		if len(list(e, "results")) != 0 {
			t.Errorf("bob's forget deleted something: %v", e)
		}
	}
	if got := texts(call(t, alice, "search_memory", map[string]any{})); !slices.Equal(got, []string{"Alice's bank PIN hint is her cat's name"}) {
		t.Errorf("alice's memories after bob's attempts = %q", got)
	}
}

func TestProjectScoping(t *testing.T) {
	s := startServer(t, serverConfig{}) // auth disabled: user from ?user_id, else default
	web := s.connect(t, conn{client: "claude", project: "website"})
	app := s.connect(t, conn{client: "cursor", project: "mobile-app"})
	plain := s.connect(t, conn{client: "desktop"})
	addText(t, web, "The website deploys from the main branch")
	addText(t, app, "The mobile app deploys through the store review")
	addText(t, plain, "Deploys are frozen on Fridays")

	check := func(label string, r result, want []string) {
		t.Helper()
		got := texts(r)
		slices.Sort(got)
		slices.Sort(want)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", label, diff)
		}
	}
	check("website search", call(t, web, "search_memory", map[string]any{"query": "deploys"}),
		[]string{"The website deploys from the main branch", "Deploys are frozen on Fridays"})
	check("website browse", call(t, web, "search_memory", map[string]any{}),
		[]string{"The website deploys from the main branch", "Deploys are frozen on Fridays"})
	check("mobile search", call(t, app, "search_memory", map[string]any{"query": "deploys"}),
		[]string{"The mobile app deploys through the store review", "Deploys are frozen on Fridays"})
	check("unscoped search", call(t, plain, "search_memory", map[string]any{"query": "deploys"}),
		[]string{"The website deploys from the main branch", "The mobile app deploys through the store review", "Deploys are frozen on Fridays"})

	for _, m := range list(call(t, plain, "search_memory", map[string]any{}).data, "results") {
		want := map[string]string{"The website deploys from the main branch": "claude/website",
			"The mobile app deploys through the store review": "cursor/mobile-app", "Deploys are frozen on Fridays": "desktop/"}[m["text"].(string)]
		if got := m["app_name"].(string) + "/" + str(m["project"]); got != want {
			t.Errorf("%q: app_name/project = %s, want %s", m["text"], got, want)
		}
	}
	other := s.connect(t, conn{client: "claude", userID: "carol"})
	if got := texts(call(t, other, "search_memory", map[string]any{"query": "deploys"})); len(got) != 0 {
		t.Errorf("user carol (auth disabled, ?user_id) sees the default user's memories: %q", got)
	}
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func TestStatelessAndLocalhostProtection(t *testing.T) {
	s := startServer(t, serverConfig{})
	req, err := http.NewRequest(http.MethodPost, s.url+"/mcp/claude", strings.NewReader(initializeBody))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Mcp-Session-Id") != "" {
		t.Errorf("initialize: status %d, Mcp-Session-Id %q; want 200 and no session (stateless)", res.StatusCode, res.Header.Get("Mcp-Session-Id"))
	}
	// A loopback connection naming another host is refused by the SDK's
	// DNS-rebinding protection: a same-host reverse proxy must forward Host
	// as the upstream address (or the server disables the protection).
	req, _ = http.NewRequest(http.MethodPost, s.url+"/mcp/claude", strings.NewReader(initializeBody))
	req.Host = "memory.example.com"
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("non-localhost Host over loopback: status %d, want 403", res.StatusCode)
	}
}

// An MCP answer carries memories, as a REST one does: no cache may keep it
// (the SDK alone said no-cache, which lets a cache store and revalidate).
func TestAnswersAreNotStored(t *testing.T) {
	s := startServer(t, serverConfig{})
	for _, accept := range []string{"application/json, text/event-stream", "text/event-stream"} {
		req, err := http.NewRequest(http.MethodPost, s.url+"/mcp/raw", strings.NewReader(initializeBody))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", accept)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if cc := res.Header.Get("Cache-Control"); res.StatusCode != http.StatusOK || !strings.Contains(cc, "no-store") {
			t.Errorf("Accept %q: status %d, Cache-Control %q; want 200 and no-store", accept, res.StatusCode, cc)
		}
	}
}
