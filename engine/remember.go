package engine

import (
	"context"
)

// Remember runs one text through the extraction pipeline (infer=true), as
// a single user turn: it may store several atomic facts, update or
// supersede stored ones, or nothing when the text holds no new fact.
func (e *Engine) Remember(ctx context.Context, user string, req AddRequest) ([]WriteResult, error) {
	if err := e.validateAdds([]AddRequest{req}); err != nil {
		return nil, err
	}
	msg := Message{Role: "user", Content: req.Text, CreatedAt: req.Timestamp}
	res, err := e.AddConversation(ctx, user, ConversationRequest{Messages: []Message{msg}, SessionID: req.SessionID,
		Project: req.Project, Tags: req.Tags, AppName: req.AppName, MemoryType: req.MemoryType, Metadata: req.Metadata})
	if err != nil {
		return nil, err
	}
	return res.Results, nil
}
