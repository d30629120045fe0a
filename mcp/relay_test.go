package mcp_test

import (
	"context"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/mcp"
)

// relaySession runs a Relay to s (o.Endpoint is the path) and connects a
// client to the relay's server.
func relaySession(t *testing.T, s *testServer, o mcp.RelayOptions) *sdk.ClientSession {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	o.Endpoint = s.url + o.Endpoint
	relay, err := mcp.DialRelay(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { relay.Close() })
	serverT, clientT := sdk.NewInMemoryTransports()
	go func() { _ = relay.Server().Run(ctx, serverT) }()
	sess, err := sdk.NewClient(&sdk.Implementation{Name: "relay-test", Version: "1"}, nil).Connect(ctx, clientT, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	return sess
}

func TestRelay(t *testing.T) {
	s := startServer(t, serverConfig{secret: "s3cret"})
	key := s.mint(t, "alice")
	sess := relaySession(t, s, mcp.RelayOptions{Endpoint: "/mcp/desk", APIKey: key, Project: "website"})

	res, err := sess.ListTools(context.Background(), nil)
	if err != nil || len(res.Tools) != 2 {
		t.Fatalf("relay tools: %v %v", res, err)
	}
	id := addText(t, sess, "The website deploys with make release")
	r := call(t, sess, "search_memory", map[string]any{"ids": []string{id}})
	m, _ := list(r.data, "items")[0]["memory"].(map[string]any)
	if m["user_id"] != "alice" || m["app_name"] != "desk" || m["project"] != "website" {
		t.Errorf("relayed write: user %v app %v project %v, want alice, desk, website", m["user_id"], m["app_name"], m["project"])
	}
	if r := call(t, sess, "add_memories", map[string]any{"memories": []string{" "}}); !r.isError || !strings.Contains(r.text, "memories[0]") {
		t.Errorf("a tool error passes through the relay unchanged: %v %q", r.isError, r.text)
	}
	if r := call(t, sess, "add_media", map[string]any{}); !r.isError || !strings.Contains(r.text, "add_memories") {
		t.Errorf("retired name through the relay: %v %q", r.isError, r.text)
	}

	_, err = mcp.DialRelay(context.Background(), mcp.RelayOptions{Endpoint: s.url + "/mcp/desk"})
	if err == nil || !strings.Contains(err.Error(), "MEMSVC_API_KEY") {
		t.Errorf("relay without a key: %v, want an error naming MEMSVC_API_KEY", err)
	}
}
