package capture

import (
	"context"

	"github.com/memsvc/memsvc/engine"
)

// CaptureStats are the image capture queue's figures for an operator's
// metrics: no user's data, only counts.
type CaptureStats struct {
	Queued int    // captures waiting or being retried, all users
	Failed uint64 // captures that ended failed since the server started
}

// CaptureStats counts the queued captures of every user (a scan of the
// queue, which MediaDeps.MaxPending bounds per user) and the failures so
// far. Zero when images are disabled.
func (e *Queue) CaptureStats(ctx context.Context) (CaptureStats, error) {
	if e.media == nil {
		return CaptureStats{}, nil
	}
	st := CaptureStats{Failed: e.media.failed.Load()}
	users, err := e.store.Users(ctx, CaptureCollection)
	if err != nil {
		return st, err
	}
	for _, user := range users {
		err := e.store.View(ctx, user, func(tx engine.Tx) error {
			return tx.ScanDocs(CaptureCollection, "", func(string, []byte) error { st.Queued++; return nil })
		})
		if err != nil {
			return st, err
		}
	}
	return st, nil
}
