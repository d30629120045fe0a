package rest_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestProbe22IfMatchNotIgnored: memsvc sends no ETags, yet a write with
// If-Match: "v1" (a client's optimistic lock: "only if nobody changed it
// since I read it") was applied as if unconditional, so a client that
// relies on it overwrote another's correction without being told. No tag
// can match a representation that has none (RFC 9110 §13.1.1), so a write
// carrying If-Match with tags is a 412 naming the header, and nothing is
// changed; If-Match: * (any current representation) and reads go on.
func TestProbe22IfMatchNotIgnored(t *testing.T) {
	a := newAPIEnv(t)
	var added struct {
		Results []struct{ ID string } `json:"results"`
	}
	a.mustCall(http.StatusOK, http.MethodPost, "/api/v1/memories", "ann",
		map[string]any{"text": "Ann keeps her bicycle in the cellar", "infer": false}, &added)
	id := added.Results[0].ID
	send := func(method, path, ifMatch, body string) (int, string) {
		req, _ := http.NewRequest(method, a.url+path+"?user_id=ann", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("If-Match", ifMatch)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(raw)
	}
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPatch, "/api/v1/memories/" + id, `{"text":"Ann keeps her bicycle in the hall"}`},
		{http.MethodDelete, "/api/v1/memories", `{"memory_ids":["` + id + `"]}`},
		{http.MethodPost, "/api/v1/memories", `{"text":"Ann sold her bicycle","infer":false}`},
	} {
		for _, tag := range []string{`"v1"`, `W/"v1"`, `"a", "b"`} {
			code, body := send(c.method, c.path, tag, c.body)
			var e struct{ Detail, Code string }
			_ = json.Unmarshal([]byte(body), &e)
			if code != http.StatusPreconditionFailed || e.Code != "precondition_failed" || !strings.Contains(e.Detail, "If-Match") {
				t.Errorf("%s %s with If-Match %s: %d %s; want 412 precondition_failed naming If-Match", c.method, c.path, tag, code, body)
			}
		}
	}
	var m struct{ Text, State string }
	a.mustCall(http.StatusOK, http.MethodGet, "/api/v1/memories/"+id, "ann", nil, &m)
	if m.Text != "Ann keeps her bicycle in the cellar" || m.State != "active" {
		t.Errorf("after refused conditional writes the memory is %q (%s)", m.Text, m.State)
	}
	if code, body := send(http.MethodPatch, "/api/v1/memories/"+id, "*", `{"text":"Ann keeps her bicycle in the hall"}`); code != http.StatusOK {
		t.Errorf("PATCH with If-Match *: %d %s; want 200", code, body)
	}
	if code, body := send(http.MethodGet, "/api/v1/memories/"+id, `"v1"`, ""); code != http.StatusOK {
		t.Errorf("GET with If-Match: %d %s; want 200 (a read changes nothing)", code, body)
	}
}
