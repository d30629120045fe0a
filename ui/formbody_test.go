package ui_test

import (
	"bytes"
	"compress/gzip"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestFormBodyTypeNamed: a form the dashboard cannot read (multipart, JSON,
// no Content-Type, gzip-compressed) was answered 403 "missing or stale
// form token: reload the page", though the token was in it: reloading
// never helped. Such a body is a 415 naming what was sent and what the
// dashboard reads, as REST names the JSON it takes, and a form declared in
// a charset other than UTF-8 is refused the same way rather than misread;
// nothing is changed. The forms the pages send still work.
func TestFormBodyTypeNamed(t *testing.T) {
	e := newEnv(t, authSecret)
	id := e.add("alice", "alice keeps bees on the roof")[0]
	b := e.browser()
	b.signIn(e.key("alice"))
	tok := b.token("/memories/" + id + "/edit")
	form := url.Values{"csrf": {tok}, "text": {"alice keeps bees in the garden"}}

	var mp bytes.Buffer
	mw := multipart.NewWriter(&mp)
	for k, v := range form {
		mw.WriteField(k, v[0])
	}
	mw.Close()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(form.Encode()))
	zw.Close()

	for _, tc := range []struct {
		name, contentType, encoding string
		body                        []byte
		mention                     string
	}{
		{"multipart", mw.FormDataContentType(), "", mp.Bytes(), "multipart/form-data"},
		{"json", "application/json", "", []byte(`{"csrf":"` + tok + `","text":"x"}`), "application/json"},
		{"no type", "", "", []byte(form.Encode()), "no Content-Type"},
		{"gzip", "application/x-www-form-urlencoded", "gzip", gz.Bytes(), "gzip"},
		{"latin-1", "application/x-www-form-urlencoded; charset=iso-8859-1", "", []byte(form.Encode()), "iso-8859-1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest("POST", e.url+"/memories/"+id+"/edit", bytes.NewReader(tc.body))
			req.Header.Set("Origin", e.url)
			if tc.contentType != "" {
				req.Header.Set("Content-Type", tc.contentType)
			}
			if tc.encoding != "" {
				req.Header.Set("Content-Encoding", tc.encoding)
			}
			p := b.do(req)
			if p.status != http.StatusUnsupportedMediaType || !strings.Contains(p.body, tc.mention) ||
				(tc.encoding == "" && !strings.Contains(p.body, "application/x-www-form-urlencoded")) {
				t.Errorf("%d; want 415 naming %q (and the form type)\n%.1500s", p.status, tc.mention, p.body)
			}
		})
	}
	if m, err := e.eng.Get(t.Context(), "alice", id); err != nil || m.State != "active" {
		t.Fatalf("the memory changed: %v %+v", err, m)
	}
	ok := b.post("/memories/"+id+"/edit", form, "Content-Type", "application/x-www-form-urlencoded; charset=UTF-8")
	if ok.status != http.StatusSeeOther {
		t.Errorf("the page's own form: %d; want 303\n%.600s", ok.status, ok.body)
	}
}
