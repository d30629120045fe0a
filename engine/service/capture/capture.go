package capture

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/ingest"
	"github.com/memsvc/memsvc/engine/media"
	"github.com/memsvc/memsvc/engine/redact"
	"github.com/memsvc/memsvc/engine/service/kernel"
)

// MediaDeps are what image capture needs; nil disables images.
type MediaDeps struct {
	Fetcher    *media.Fetcher
	Blobs      engine.BlobStore // image bytes; shared by replicas on a shared store
	Captioner  engine.Captioner
	Retry      media.RetryPolicy
	MaxPending int // per-user cap on queued captures, default 50

	failed atomic.Uint64 // captures that ended failed (CaptureStats)
	// Lease is how long a replica holds a capture job (lease.go),
	// default DefaultCaptureLease.
	Lease time.Duration
}

func (md *MediaDeps) defaults() {
	if md.Retry.MaxAttempts == 0 {
		md.Retry = media.DefaultRetryPolicy()
	}
	if md.MaxPending == 0 {
		md.MaxPending = 50
	}
	if md.Lease <= 0 {
		md.Lease = DefaultCaptureLease
	}
}

// CaptureCollection holds the persisted capture queue.
const CaptureCollection = "capture"

// captureJob is one queued capture, stored until it completes or fails.
type captureJob struct {
	MemoryID  string    `json:"memory_id"`
	URL       string    `json:"url,omitempty"`
	BlobSHA   string    `json:"blob_sha,omitempty"` // inline images are stored at once
	Confident bool      `json:"confident"`
	Hints     []string  `json:"hints,omitempty"`
	Attempt   int       `json:"attempt"`
	NextAt    time.Time `json:"next_at"`
	LastError string    `json:"last_error,omitempty"`
	// Link marks a tentative URL that turned out not to be an image: it is
	// kept as a plain text memory of the link.
	Link bool `json:"-"`
}

// CaptureImage answers at once with a pending memory and queues the capture.
// Inline images (data URI, base64) are validated and stored before that, so a
// broken one is refused up front and nothing is written.
func (e *Queue) CaptureImage(ctx context.Context, user string, req engine.CaptureRequest) (engine.WriteResult, error) {
	md := e.media
	if md == nil {
		return engine.WriteResult{}, engine.Errorf(engine.EUnavailable, "image capture is not configured on this server")
	}
	job := captureJob{URL: req.Ref.URL, Confident: req.Ref.Confident || req.Ref.Kind != media.KindURL, Hints: req.Hints}
	switch {
	case req.Ref.Err != nil:
		return engine.WriteResult{}, engine.Invalid("image", "%v", req.Ref.Err)
	case req.Ref.Kind != media.KindURL:
		sha, err := storeInline(ctx, md, req.Ref.Data)
		if err != nil {
			return engine.WriteResult{}, err
		}
		job.BlobSHA = sha
	}
	req.State, req.Text = engine.StatePending, pendingText(req.Ref)
	req.Source = &engine.Source{Kind: engine.SourceImage, URL: req.Ref.URL, BlobSHA256: job.BlobSHA}
	now := e.now().UTC()
	var res engine.WriteResult
	err := e.write(ctx, user, func(tx engine.Tx, p *kernel.Plan) error {
		if err := e.checkPendingLimit(tx); err != nil {
			return err
		}
		m := e.newMemory(user, req.AddRequest, now)
		job.MemoryID, job.NextAt = m.ID, now
		p.Put(m, nil)
		res = engine.WriteResult{ID: m.ID, Text: m.Text, Event: engine.EventAdd}
		if err := queueCaptureJob(tx, m.ID); err != nil {
			return err
		}
		return tx.PutDoc(CaptureCollection, m.ID, job)
	})
	if err == nil {
		e.wakeCaptures()
	}
	return res, err
}

func storeInline(ctx context.Context, md *MediaDeps, data []byte) (string, error) {
	if _, err := md.Fetcher.Check(data); err != nil {
		return "", engine.Invalid("image", "%v", err)
	}
	if _, err := media.Inspect(data); err != nil {
		return "", engine.Invalid("image", "%v", err)
	}
	sha, err := md.Blobs.PutBlob(ctx, data)
	if err != nil {
		return "", engine.Internal("store image", err)
	}
	return sha, nil
}

func pendingText(ref media.Ref) string {
	if ref.URL != "" {
		return "Image from " + ref.URL + " (capture pending)"
	}
	return "Inline image (capture pending)"
}

func (e *Queue) checkPendingLimit(tx engine.Tx) error {
	n := 0
	err := tx.ScanDocs(CaptureCollection, "", func(string, []byte) error { n++; return nil })
	if err != nil {
		return err
	}
	if n >= e.media.MaxPending {
		return engine.Errorf(engine.ERateLimited, "too many images still being captured (%d); retry later", n)
	}
	return nil
}

// wakeCaptures nudges the capture worker without blocking.
func (e *Queue) wakeCaptures() {
	select {
	case e.captureWake <- struct{}{}:
	default:
	}
}

// RunCaptures processes the capture queue until ctx ends: at start it
// resumes what a previous run left, then it wakes on new work and on a
// timer for retries that come due.
func (e *Queue) RunCaptures(ctx context.Context) {
	if e.media == nil {
		return
	}
	t := time.NewTicker(time.Second)
	defer t.Stop()
	q, leased := e.store.(engine.JobQueue)
	if leased {
		e.requeueCaptures(ctx, q)
	}
	worker := "captures-" + e.newID()
	for {
		if leased {
			e.captureLeased(ctx, q, worker)
		} else {
			e.captureDue(ctx)
		}
		select {
		case <-ctx.Done():
			return
		case <-e.captureWake:
		case <-t.C:
		}
	}
}

// captureDue runs every queued capture whose time has come.
func (e *Queue) captureDue(ctx context.Context) {
	users, err := e.store.Users(ctx, CaptureCollection)
	if err != nil {
		e.log.Error("capture queue: list users", "err", err)
		return
	}
	for _, user := range users {
		for _, job := range e.dueJobs(ctx, user) {
			if ctx.Err() != nil {
				return
			}
			e.runCapture(ctx, user, job)
		}
	}
}

func (e *Queue) dueJobs(ctx context.Context, user string) []captureJob {
	var jobs []captureJob
	now := e.now()
	_ = e.store.View(ctx, user, func(tx engine.Tx) error {
		return tx.ScanDocs(CaptureCollection, "", func(_ string, raw []byte) error {
			var j captureJob
			if err := json.Unmarshal(raw, &j); err == nil && !j.NextAt.After(now) {
				jobs = append(jobs, j)
			}
			return nil
		})
	})
	return jobs
}

// runCapture does one attempt and records its outcome in one transaction.
func (e *Queue) runCapture(ctx context.Context, user string, job captureJob) {
	text, sha, err := e.describeImage(ctx, job)
	if err != nil && ctx.Err() != nil {
		return // shutting down: the job stays queued and resumes next start
	}
	if err != nil && !job.Confident && media.CauseOf(err) == media.CauseNotImage {
		// A tentative URL that is not an image is kept as a link; its text
		// is known now, so it is embedded here, before the write takes the
		// user's lock, and under the runner's ctx.
		text, err = job.URL, nil
		job.Link = true
	}
	text, _ = redact.Text(text) // a caption or the text an image shows may hold a secret too
	var vec []float32
	if err == nil {
		vecs, eerr := e.embedStored(ctx, []string{text})
		if eerr != nil {
			err = eerr
		} else {
			vec = vecs[0]
		}
	}
	var failed bool
	werr := e.write(ctx, user, func(tx engine.Tx, p *kernel.Plan) error {
		var rerr error
		failed, rerr = e.recordCapture(tx, p, job, text, sha, vec, err)
		return rerr
	})
	if werr != nil {
		e.log.Error("capture: record outcome", "memory", job.MemoryID, "err", werr)
	} else if failed {
		// Counted once the outcome is committed: the write may run its
		// function more than once (a replica catching up retries it).
		e.media.failed.Add(1)
	}
}

// describeImage loads, validates, stores and describes the image of a job.
func (e *Queue) describeImage(ctx context.Context, job captureJob) (text, sha string, err error) {
	md := e.media
	var data []byte
	if job.BlobSHA != "" {
		data, err = md.Blobs.GetBlob(ctx, job.BlobSHA)
	} else {
		data, _, err = md.Fetcher.Fetch(ctx, job.URL)
	}
	if err != nil {
		return "", "", err
	}
	info, err := media.Inspect(data)
	if err != nil {
		return "", "", err
	}
	if sha, err = md.Blobs.PutBlob(ctx, data); err != nil {
		return "", "", fmt.Errorf("store image: %w", err)
	}
	in := media.DescribeInput{SourceURL: job.URL, Hints: job.Hints}
	if md.Captioner != nil {
		cctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		in.Caption, in.VisibleText, err = md.Captioner.Caption(cctx, data, "image/"+info.Format)
		cancel()
		if err != nil {
			e.log.Warn("vision model failed; using the built-in description", "err", err)
			in.Caption, in.VisibleText = "", ""
		}
	}
	return media.Describe(info, in), sha, nil
}

// recordCapture applies an attempt's outcome: active with the description,
// requeued with backoff, or failed with the reason. A tentative URL that
// turns out not to be an image becomes a plain text memory of the link.
// It reports whether the capture ended failed.
func (e *Queue) recordCapture(tx engine.Tx, p *kernel.Plan, job captureJob, text, sha string, vec []float32, cerr error) (failed bool, err error) {
	m, err := tx.GetMemory(job.MemoryID)
	if engine.ErrorCode(err) == engine.ENotFound {
		return false, tx.DeleteDoc(CaptureCollection, job.MemoryID) // deleted while pending
	} else if err != nil {
		return false, err
	}
	now := e.now().UTC()
	m.UpdatedAt = now
	switch {
	case cerr == nil && job.Link:
		m.Text, m.State, m.Error, m.Source.Kind = text, engine.StateActive, "", engine.SourceAPI
	case cerr == nil:
		m.Text, m.State, m.Error = text, engine.StateActive, ""
		m.Source.BlobSHA256 = sha
		m.Categories = ingest.Categorize(text)
	case e.media.Retry.ShouldRetry(job.Attempt+1, cerr):
		job.Attempt++
		job.NextAt, job.LastError = now.Add(e.media.Retry.Backoff(job.Attempt)), cerr.Error()
		return false, tx.PutDoc(CaptureCollection, job.MemoryID, job)
	default:
		failed = true
		m.State, m.Error = engine.StateFailed, "image capture failed: "+e.captureReason(job, cerr)
		m.Text = strings.Replace(m.Text, "(capture pending)", "(capture failed)", 1)
	}
	p.Put(m, vec)
	return failed, tx.DeleteDoc(CaptureCollection, job.MemoryID)
}

// captureReason is the client-visible reason of a failed capture: the
// media package's reason, which is written to be shown, or a generic one;
// any other cause (file paths, store or model errors) is only logged.
func (e *Queue) captureReason(job captureJob, err error) string {
	var me *media.Error
	if errors.As(err, &me) {
		return me.Reason
	}
	e.log.Error("capture failed", "memory", job.MemoryID, "err", err)
	return "internal error"
}

// NoteCaptureBlob adds the image file a queued capture job holds, if any.
func NoteCaptureBlob(blobs map[string]bool, raw []byte) {
	var job captureJob
	if json.Unmarshal(raw, &job) == nil && job.BlobSHA != "" {
		blobs[job.BlobSHA] = true
	}
}
