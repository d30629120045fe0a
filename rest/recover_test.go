package rest

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestHandlerPanicIsAnInternalError: a panic in a handler (here the fake
// engine's nil Search) made net/http drop the connection, with no JSON
// body; it is a 500 with the error shape every route uses now, and the
// panic's text stays in the log.
func TestHandlerPanicIsAnInternalError(t *testing.T) {
	s, err := New(Options{Engine: &fakeEngine{}})
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest("POST", "http://127.0.0.1/api/v1/memories/search", strings.NewReader(`{"query":"where do I live"}`))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	var body struct{ Detail, Code string }
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || rec.Code != 500 || body.Code != "internal" {
		t.Fatalf("a panicking handler: %d %s (%v); want 500 with code internal", rec.Code, rec.Body, err)
	}
	if strings.Contains(body.Detail, "nil pointer") {
		t.Errorf("the answer shows the panic: %q", body.Detail)
	}
}
