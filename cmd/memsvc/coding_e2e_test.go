package main

import (
	"strings"
	"testing"

	"github.com/memsvc/memsvc/rest/client"
)

// TestCodingSessionFactsOverHTTP replays, in other words, what a coding
// agent's capture lost before episodes and the coding-session rules: each
// exchange must store something a later search finds, both halves of a
// two-part instruction must survive, a switch must retire the old value and
// a restated move must give one location fact.
func TestCodingSessionFactsOverHTTP(t *testing.T) {
	s, alice, _ := authServer(t)
	c := s.api(alice)
	capture := func(text string) *client.ConversationResponse {
		t.Helper()
		r, err := c.FromConversation(t.Context(), client.ConversationRequest{Messages: []client.Message{
			{Role: "user", Content: text}, {Role: "assistant", Content: "Noted."}}, Project: "shop"})
		if err != nil {
			t.Fatalf("capture %q: %v", text, err)
		}
		if r.NoFactsExtracted {
			t.Errorf("%q stored nothing: %+v", text, r)
		}
		return r
	}
	top := func(q string) string {
		t.Helper()
		res, err := c.Search(t.Context(), client.SearchRequest{Query: q, TopK: 3})
		if err != nil {
			t.Fatalf("search %q: %v", q, err)
		}
		var texts []string
		for _, m := range res.Results {
			texts = append(texts, m.Text)
		}
		return strings.Join(texts, " | ")
	}
	found := []struct{ said, query, want string }{
		{"The inventory service's code is in apps/inventory and we ship it with Kustomize.", "how is the inventory service deployed", "Kustomize"},
		{"Locally Redis listens on 6380 and its password sits in secrets/dev.env.", "which port does redis use locally", "6380"},
		{"You run the contract tests with make contract-test.", "command for the contract tests", "contract-test"},
		{"Keep imports grouped stdlib first, then third party.", "how should imports be grouped", "stdlib"},
		{"Nobody merges straight into trunk; every change goes through a pull request.", "can I merge into trunk directly", "pull request"},
		{"Priya is the owner of the search service.", "who owns the search service", "Priya"},
		{"The flag fast_checkout switches on the one-page checkout.", "what does fast_checkout do", "one-page"},
		{"Our cat turned out to be a Maine Coon.", "what breed is the cat", "Maine Coon"},
	}
	for _, f := range found {
		capture(f.said)
		if got := top(f.query); !strings.Contains(got, f.want) {
			t.Errorf("after %q, %q finds %q; want %q", f.said, f.query, got, f.want)
		}
	}

	capture("Always use table-driven tests with go-cmp; we never use testify here.")
	if got := top("table-driven tests with go-cmp"); !strings.Contains(got, "go-cmp") {
		t.Errorf("the first half of the test instruction is not found: %q", got)
	}
	if got := top("do we use testify"); !strings.Contains(got, "testify") {
		t.Errorf("the second half of the test instruction is not found: %q", got)
	}

	capture("The storefront is bundled with Parcel 2.")
	capture("We migrated the storefront from Parcel to esbuild.")
	if got := top("what bundles the storefront"); !strings.Contains(got, "esbuild") || strings.Contains(got, "Parcel 2") {
		t.Errorf("the switch did not retire the old bundler: %q", got)
	}

	moved := capture("I moved from Graz to Vienna in spring, I live in Vienna now.")
	n := 0
	for _, m := range moved.Results {
		if !m.Episode && strings.Contains(m.Text, "Vienna") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("a restated move gave %d location facts, want 1: %+v", n, moved.Results)
	}
}
