package mcp

import (
	"context"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/skill"
)

// The two add-ons the engine provides beside memories: image capture and
// skills. Each is reached through one function here.

// captureImage hands one image item of add_memories to the engine's
// persisted capture queue. The answer is immediate: a pending memory whose
// text becomes the image's description once captured (a link that turns out
// not to be an image is kept as a text memory of the link). hints are the
// statements given with the image in the same call.
func (t *tools) captureImage(ctx context.Context, sc Scope, a addArgs, it item, hints []string) entry {
	res, err := t.eng.CaptureImage(ctx, sc.User, engine.CaptureRequest{Ref: it.ref, Hints: hints,
		AddRequest: t.addRequest(sc, a, "")})
	if err != nil {
		return t.entry([]int{it.index}, nil, err, false)
	}
	return t.entry([]int{it.index}, []engine.WriteResult{res}, nil, false)
}

// expandSkill answers one "skill:<id>" entry of search_memory's ids with
// the skill: its steps, triggers and the memories it was learned from.
func (t *tools) expandSkill(ctx context.Context, sc Scope, id string) (*skill.Skill, error) {
	return t.eng.Skill(ctx, sc.User, id)
}
