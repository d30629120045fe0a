package main

import (
	"net/http"
	"strings"
	"testing"
)

// The holes a seventh security probe of a running server found (REST and
// the dashboard, as an OWASP API Top 10 tester), each closed at its cause;
// every test drives a real server over real HTTP as a hostile client would.

// TestLoneSurrogateEscapesRefused: a JSON string escape of half a UTF-16
// surrogate pair ("\ud800") is valid JSON syntax but names no character;
// the decoder turned it into U+FFFD, so "Alice \ud800 rides" was stored,
// indexed and echoed as "Alice � rides", text the client never sent (the
// same defect as an invalid UTF-8 byte, refused since an earlier probe).
// Now every body route refuses it with a 400 naming the field, and stores
// nothing; a whole pair is still the character it encodes.
func TestLoneSurrogateEscapesRefused(t *testing.T) {
	s := startServer(t, nil)
	id := s.addVerbatim(t, anon, "Alice rides a red bike", nil)
	for _, tc := range []struct {
		name, method, path, body, field string
	}{
		{"add text", http.MethodPost, "/api/v1/memories", `{"text":"Alice \ud800 rides","infer":false}`, "text"},
		{"add low half first", http.MethodPost, "/api/v1/memories", `{"text":"Alice \udc00\ud800 rides"}`, "text"},
		{"add metadata", http.MethodPost, "/api/v1/memories", `{"text":"Alice rides","metadata":{"k":["\udfff"]}}`, "metadata.k[0]"},
		{"conversation", http.MethodPost, "/api/v1/memories/from-conversation",
			`{"messages":[{"role":"user","content":"I live in \ud83d Rome"}]}`, "messages[0].content"},
		{"search", http.MethodPost, "/api/v1/memories/search", `{"query":"bike \ud83d"}`, "query"},
		{"correct", http.MethodPatch, "/api/v1/memories/" + id, `{"text":"Alice rides a \ude00 bike"}`, "text"},
		{"delete", http.MethodDelete, "/api/v1/memories", `{"memory_ids":["\ud800"]}`, "memory_ids[0]"},
		{"reconcile", http.MethodPost, "/api/v1/entities/reconcile", `{"suggestion_ids":["\ud800"],"dry_run":true}`, "suggestion_ids[0]"},
		{"erase", http.MethodDelete, "/api/v1/users/me", `{"confirm":"default\ud800"}`, "confirm"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := s.do(t, req{method: tc.method, path: tc.path, raw: []byte(tc.body)})
			wantError(t, r, http.StatusBadRequest, "invalid_request", tc.field+":", "surrogate")
		})
	}
	list := s.get(t, anon, "/api/v1/memories?include_superseded=true")
	if n := num(list.body, "total"); n != 1 || strings.Contains(string(list.raw), "\ufffd") {
		t.Errorf("after the refusals: %d memories, want the 1 added; %.300s", n, list.raw)
	}
	r := s.do(t, req{method: http.MethodPost, path: "/api/v1/memories", raw: []byte(`{"text":"Alice likes \ud83d\ude00 faces","infer":false}`)})
	if r.status != http.StatusOK || !strings.Contains(string(r.raw), "Alice likes 😀 faces") {
		t.Errorf("a whole surrogate pair: %d %s", r.status, r.raw)
	}
}

// TestNamesAndListQueriesBounded: a turn's speaker name and message id had
// no length bound (a 20 KB name became the start of a stored episode, a
// 20 KB id was kept in provenance), and a listing's search_query and name
// filters none either (a search's query stops at 8 KB). Each is now
// refused with a 400 naming it, and the refused turn stores nothing.
func TestNamesAndListQueriesBounded(t *testing.T) {
	s := startServer(t, nil)
	long := strings.Repeat("N", 20000)
	for _, tc := range []struct {
		name  string
		r     req
		field string
	}{
		{"speaker name", req{method: http.MethodPost, path: "/api/v1/memories/from-conversation",
			body: map[string]any{"messages": []map[string]any{{"role": "user", "content": "I moved to Lisbon", "name": long}}}}, "messages[0].name"},
		{"message id", req{method: http.MethodPost, path: "/api/v1/memories/from-conversation",
			body: map[string]any{"messages": []map[string]any{{"role": "user", "content": "I moved to Lisbon", "id": long}}}}, "messages[0].id"},
		{"list search_query", req{method: http.MethodGet, path: "/api/v1/memories?search_query=" + strings.Repeat("a+", 4200)}, "search_query"},
		{"list project", req{method: http.MethodGet, path: "/api/v1/memories?project=" + strings.Repeat("p", 300)}, "project"},
		{"list categories", req{method: http.MethodGet, path: "/api/v1/memories?categories=work," + strings.Repeat("c", 300)}, "categories"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantError(t, s.do(t, tc.r), http.StatusBadRequest, "invalid_request", tc.field+": longer than")
		})
	}
	if list := s.get(t, anon, "/api/v1/memories"); num(list.body, "total") != 0 {
		t.Errorf("a refused turn was stored: %.300s", list.raw)
	}
	ok := s.post(t, anon, "/api/v1/memories/from-conversation", map[string]any{"messages": []map[string]any{
		{"role": "user", "content": "I moved to Lisbon", "name": "Ann", "id": "m-" + strings.Repeat("7", 200)}}})
	wantStatus(t, ok, http.StatusOK)
}

// TestMetadataNumbersKeptExactlyOrRefused: metadata numbers were decoded
// as float64, so an integer past 2^53 or with more digits than a float64
// keeps was stored, and given back, as another number (order id
// 12345678901234567890 came back as 12345678901234567000), and one past
// the float64 range was refused naming "metadata" as "must be a number,
// got JSON number". Now such a number is refused with a 400 naming its
// path and saying to send it as a string, nothing is stored, and a number
// a float64 holds comes back as sent.
func TestMetadataNumbersKeptExactlyOrRefused(t *testing.T) {
	s := startServer(t, nil)
	for _, tc := range []struct{ name, meta, field, says string }{
		{"past 2^53", `{"order":{"id":9007199254740993}}`, "metadata.order.id", "9007199254740993"},
		{"twenty digits", `{"ids":[1,12345678901234567890]}`, "metadata.ids[1]", "send it as a string"},
		{"too many decimals", `{"price":0.10000000000000000001}`, "metadata.price", "more precision"},
		{"past the range", `{"e":1e400}`, "metadata.e", "outside the range"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := s.do(t, req{method: http.MethodPost, path: "/api/v1/memories",
				raw: []byte(`{"text":"Fay placed an order","infer":false,"metadata":` + tc.meta + `}`)})
			wantError(t, r, http.StatusBadRequest, "invalid_request", tc.field+": number", tc.says)
			r = s.do(t, req{method: http.MethodPost, path: "/api/v1/memories/from-conversation",
				raw: []byte(`{"messages":[{"role":"user","content":"I placed an order"}],"metadata":` + tc.meta + `}`)})
			wantError(t, r, http.StatusBadRequest, "invalid_request", tc.field+": number")
		})
	}
	if list := s.get(t, anon, "/api/v1/memories"); num(list.body, "total") != 0 {
		t.Errorf("a refused write was stored: %.300s", list.raw)
	}
	id := s.addVerbatim(t, anon, "Gus placed an order", map[string]any{"metadata": map[string]any{"id": 9007199254740992, "price": 0.1, "n": -3}})
	r := s.get(t, anon, "/api/v1/memories/"+id)
	if !strings.Contains(string(r.raw), `"metadata":{"id":9007199254740992,"n":-3,"price":0.1}`) {
		t.Errorf("numbers a float64 holds should come back as sent: %s", r.raw)
	}
}
