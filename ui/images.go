package ui

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"

	"github.com/memsvc/memsvc/engine"
)

// imageScan bounds how many recent active memories the images page reads
// to find captured images (the listing has no source filter).
const imageScan = 500

// images shows image memories by capture state: pending and failed (with
// the reason) through the state filter, captured ones among the most
// recent active memories.
func (u *UI) images(w http.ResponseWriter, r *http.Request, req *request) error {
	byState := map[string][]*engine.Memory{}
	for _, st := range []string{engine.StatePending, engine.StateFailed} {
		p, err := u.eng.List(r.Context(), req.User, engine.ListFilter{Page: 1, Size: engine.MaxPageSize, State: st})
		if err != nil {
			return err
		}
		byState[st] = p.Items
	}
	var captured []*engine.Memory
	scanned, all := 0, false
	for page := 1; scanned < imageScan; page++ {
		p, err := u.eng.List(r.Context(), req.User, engine.ListFilter{Page: page, Size: engine.MaxPageSize, State: engine.StateActive})
		if err != nil {
			return err
		}
		for _, m := range p.Items {
			if imageMemory(m) {
				captured = append(captured, m)
			}
		}
		scanned += len(p.Items)
		if page >= p.Pages {
			all = true // every active memory was looked at: "most recent" would say otherwise
			break
		}
	}
	u.render(w, req, http.StatusOK, "images", map[string]any{"Pending": byState[engine.StatePending],
		"Failed": byState[engine.StateFailed], "Captured": captured, "Scanned": scanned, "All": all})
	return nil
}

// imageCSP is the policy of an image answer: nothing in it may run or
// load, even if a browser were talked into rendering it as a document.
const imageCSP = "default-src 'none'; frame-ancestors 'none'; sandbox"

// image serves the stored image of one of the user's image memories
// (engine Image: read in the user's own keyspace, so another user's id is
// a 404), its type sniffed from the bytes.
func (u *UI) image(w http.ResponseWriter, r *http.Request, req *request) error {
	data, ct, err := u.eng.Image(r.Context(), req.User, r.PathValue("id"))
	if err != nil {
		return err
	}
	return writeImage(w, data, ct)
}

// thumb serves the image downscaled to fit the pages' thumbnail box.
func (u *UI) thumb(w http.ResponseWriter, r *http.Request, req *request) error {
	data, ct, err := u.eng.Image(r.Context(), req.User, r.PathValue("id"))
	if err != nil {
		return err
	}
	small, sct, err := u.thumbs.get(r.Context(), thumbKey(data), data, ct)
	if engine.ErrorCode(err) == engine.EUnavailable {
		return err
	}
	if err != nil {
		return engine.Internal("thumbnail", err)
	}
	return writeImage(w, small, sct)
}

// writeImage answers with image bytes: only an image type the engine
// sniffed, never sniffed again by the browser. The bytes are one user's
// memory: no-store (set for every page, ui.go) keeps them out of the
// browser's cache, where they outlived sign-out and the memory's deletion
// (they used to be cached for an hour, and shown from the cache without
// asking the server to the next user of the browser).
func writeImage(w http.ResponseWriter, data []byte, contentType string) error {
	if !imageTypes[contentType] {
		return engine.Internal("serve image", fmt.Errorf("refusing to serve %q as an image", contentType))
	}
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Security-Policy", imageCSP)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", strconv.Itoa(len(data)))
	_, _ = w.Write(data)
	return nil
}

// imageTypes are the only types an image answer may carry.
var imageTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true}

// thumbKey names an image's bytes in the thumbnail cache: a blob never
// changes, so its hash names its thumbnail too.
func thumbKey(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16]) + "-thumb"
}

// imageMemory reports an image capture (captured, pending or failed).
func imageMemory(m *engine.Memory) bool {
	return m.Source != nil && m.Source.Kind == engine.SourceImage
}
