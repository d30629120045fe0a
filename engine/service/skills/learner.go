// Package skills learns skills from what users teach: a write hook (Learn)
// turns the procedures a write carries into skills, WithProcedures finds
// the procedures a conversation teaches, and Skill, Skills and
// PrimarySkill read them back. The procedure and matching rules are
// engine/skill's.
package skills

import (
	"context"
	"time"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service/kernel"
)

// Learner learns and reads users' skills.
type Learner struct {
	cfg   engine.Config
	store engine.Store
	log   *log.Logger
	newID func() string
	now   func() time.Time
	write func(ctx context.Context, user string, decide func(engine.Tx, *plan) error) error
}

// Deps are a Learner's collaborators, all required.
type Deps struct {
	Config engine.Config // with its defaults filled in
	Store  engine.Store
	Logger *log.Logger
	NewID  func() string
	Now    func() time.Time
	// Kernel runs the writes that count a skill's use.
	Kernel *kernel.Kernel
}

// New returns a Learner over d.
func New(d Deps) *Learner {
	return &Learner{cfg: d.Config, store: d.Store, log: d.Logger, newID: d.NewID, now: d.Now, write: d.Kernel.Write}
}

// plan, writeChange and learnedProcedure are the kernel's, as the write
// hooks see them.
type (
	plan             = kernel.Plan
	writeChange      = kernel.Change
	learnedProcedure = kernel.Learned
)
