package ui

import (
	"container/list"
	"context"
	"sync"

	"github.com/memsvc/memsvc/engine"
)

// thumbs makes thumbnails without letting image decoding exhaust memory.
//
// Decoding is the costly part: a 7000×7000 PNG of a few hundred kilobytes
// (allowed, it is under media.MaxPixels) takes some 200 MB to decode, and
// every request for its thumbnail used to decode it again, all at once, so
// a handful of parallel requests for one stored image could take gigabytes.
// So decodes run one at a time, and what they make is kept (by the hash of
// the image, a strong validator: a blob never changes) in a small cache
// bounded by bytes; requests for an image being thumbnailed wait for it and
// then read the cache.
type thumbs struct {
	slots chan struct{} // one token per decode that may run at once

	mu      sync.Mutex
	byKey   map[string]*list.Element
	order   *list.List // most recently used first; values are *thumbEntry
	size    int64
	maxSize int64
	make    func(data []byte, contentType string) ([]byte, string, error)
}

type thumbEntry struct {
	key         string
	data        []byte
	contentType string
}

// Bounds of the thumbnail maker: decodes at once, bytes of kept thumbnails.
const (
	thumbDecodes    = 1
	thumbCacheBytes = 16 << 20
)

func newThumbs() *thumbs {
	return &thumbs{slots: make(chan struct{}, thumbDecodes), byKey: map[string]*list.Element{}, order: list.New(),
		maxSize: thumbCacheBytes, make: thumbnail}
}

// get returns the thumbnail of data (named key), making it when no copy is
// kept. It waits for a decode slot as long as ctx lasts: a client that
// gives up stops waiting.
func (t *thumbs) get(ctx context.Context, key string, data []byte, contentType string) ([]byte, string, error) {
	if e, ok := t.cached(key); ok {
		return e.data, e.contentType, nil
	}
	select {
	case t.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, "", engine.Errorf(engine.EUnavailable, "thumbnail: the request ended while waiting to decode the image")
	}
	defer func() { <-t.slots }()
	if e, ok := t.cached(key); ok { // made while this request waited
		return e.data, e.contentType, nil
	}
	small, ct, err := t.make(data, contentType)
	if err != nil {
		return nil, "", err
	}
	t.keep(&thumbEntry{key: key, data: small, contentType: ct})
	return small, ct, nil
}

func (t *thumbs) cached(key string) (*thumbEntry, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	el, ok := t.byKey[key]
	if !ok {
		return nil, false
	}
	t.order.MoveToFront(el)
	return el.Value.(*thumbEntry), true
}

// keep adds e, dropping the least recently used thumbnails beyond the
// cache's size. A thumbnail larger than the whole cache is not kept.
func (t *thumbs) keep(e *thumbEntry) {
	n := int64(len(e.data))
	if n > t.maxSize {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.byKey[e.key]; ok {
		return
	}
	t.byKey[e.key] = t.order.PushFront(e)
	t.size += n
	for t.size > t.maxSize {
		old := t.order.Back()
		oe := old.Value.(*thumbEntry)
		t.order.Remove(old)
		delete(t.byKey, oe.key)
		t.size -= int64(len(oe.data))
	}
}
