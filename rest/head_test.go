package rest_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/rest"
)

// workCounter is the real engine, counting the exports and the entity
// comparisons it runs.
type workCounter struct {
	engine.Service
	exports, suggestions atomic.Int32
}

func (c *workCounter) Export(ctx context.Context, w io.Writer, users []string) error {
	c.exports.Add(1)
	return c.Service.Export(ctx, w, users)
}

func (c *workCounter) EntitySuggestions(ctx context.Context, user string, limit int) ([]engine.EntitySuggestion, error) {
	c.suggestions.Add(1)
	return c.Service.EntitySuggestions(ctx, user, limit)
}

// TestHeadOfADownloadDoesNotRunIt: HEAD of the export, of the backup and
// of the entity suggestions (every pair of entities compared) answers
// GET's status and headers without the work: a link checker or a client
// asking for the headers must not cost a whole export.
func TestHeadOfADownloadDoesNotRunIt(t *testing.T) {
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	eng := &workCounter{Service: newAPIEngine(t, st)}
	var backups atomic.Int32
	backup := func(_ context.Context, w io.Writer) error {
		backups.Add(1)
		_, err := w.Write([]byte("snapshot"))
		return err
	}
	h, err := rest.New(rest.Options{Engine: eng, Keys: auth.NewKeyring("", t.TempDir()), Logger: log.New(io.Discard),
		Ops: rest.Ops{Backup: backup}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	if _, err := eng.Add(context.Background(), "ann", []engine.AddRequest{{Text: "the spare key is under the blue pot"}}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		runs func() int32
	}{{"/api/v1/export?user_id=ann", eng.exports.Load}, {"/api/v1/admin/backup?user_id=ann", backups.Load},
		{"/api/v1/entities/suggestions?user_id=ann", eng.suggestions.Load}} {
		get := send(t, "GET", srv.URL+c.path)
		if get.StatusCode != http.StatusOK || c.runs() != 1 {
			t.Fatalf("GET %s: %d after %d runs", c.path, get.StatusCode, c.runs())
		}
		head := send(t, "HEAD", srv.URL+c.path)
		if head.StatusCode != http.StatusOK || head.Header.Get("Content-Type") != get.Header.Get("Content-Type") ||
			head.Header.Get("Content-Disposition") != get.Header.Get("Content-Disposition") {
			t.Errorf("HEAD %s: %d %v, want GET's %v", c.path, head.StatusCode, head.Header, get.Header)
		}
		if n := c.runs(); n != 1 {
			t.Errorf("HEAD %s ran the download: %d runs after one GET and one HEAD", c.path, n)
		}
	}
}

func send(t *testing.T, method, u string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(method, u, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}
