package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/memsvc/memsvc/text"
)

// ImageDescription is what a vision model says about an image.
type ImageDescription struct {
	Caption string   // one to three factual sentences
	Text    string   // text visible in the image, "" when none
	Tags    []string // short lowercase keywords
}

// Captioner describes images with a vision-capable chat model. It is safe for concurrent use when its Chat is.
type Captioner struct{ chat Chat }

// NewCaptioner returns a Captioner that sends each image to c with the caption_image prompt (JSON mode,
// CaptionSchema). c must accept ChatRequest.Images; a model without vision answers with an error or an
// invented caption, so only configure one known to see images.
func NewCaptioner(c Chat) *Captioner { return &Captioner{chat: c} }

// Model names the model that writes the captions, e.g. "ollama/llava".
func (c *Captioner) Model() string { return c.chat.Model() }

// Caption returns a caption of the image and the text visible in it ("" when none). mimeType (e.g.
// "image/png") is told to the model as a hint. A malformed answer is an error: the capture queue retries with
// backoff, so there is no second model call here.
func (c *Captioner) Caption(ctx context.Context, image []byte, mimeType string) (caption, visibleText string, err error) {
	d, err := c.Describe(ctx, image, mimeType)
	if err != nil {
		return "", "", err
	}
	return d.Caption, d.Text, nil
}

// Describe is Caption with the model's tags as well.
func (c *Captioner) Describe(ctx context.Context, image []byte, mimeType string) (ImageDescription, error) {
	if len(image) == 0 {
		return ImageDescription{}, errors.New("llm caption: empty image")
	}
	system, err := Prompt(PromptCaptionImage)
	if err != nil {
		return ImageDescription{}, err
	}
	schema, err := PromptSchema(PromptCaptionImage)
	if err != nil {
		return ImageDescription{}, err
	}
	prompt := "Describe the attached image."
	if mt := strings.TrimSpace(mimeType); mt != "" {
		prompt = "Describe the attached image (" + mt + ")."
	}
	answer, err := c.chat.Complete(ctx, ChatRequest{
		System:   system,
		Messages: []ChatMessage{{Role: "user", Content: prompt}},
		JSON:     true,
		Schema:   schema,
		Images:   [][]byte{image},
	})
	if err != nil {
		return ImageDescription{}, fmt.Errorf("llm caption (%s): %w", c.chat.Model(), err)
	}
	d, err := parseCaption(answer)
	if err != nil {
		return ImageDescription{}, fmt.Errorf("llm caption (%s): %w", c.chat.Model(), err)
	}
	return d, nil
}

// parseCaption validates a caption answer: a JSON object with a non-empty caption.
func parseCaption(answer string) (ImageDescription, error) {
	raw := ExtractJSON(answer)
	if raw == "" {
		return ImageDescription{}, fmt.Errorf("answer has no JSON: %q", text.Clip(answer, 200))
	}
	var out struct {
		Caption *string  `json:"caption"`
		Text    string   `json:"text"`
		Tags    []string `json:"tags"`
	}
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		return ImageDescription{}, fmt.Errorf("malformed answer %q: %w", text.Clip(raw, 200), err)
	}
	if out.Caption == nil || strings.TrimSpace(*out.Caption) == "" {
		return ImageDescription{}, fmt.Errorf("answer has no caption: %q", text.Clip(raw, 200))
	}
	d := ImageDescription{Caption: oneLine(*out.Caption), Text: strings.TrimSpace(out.Text)}
	for _, t := range out.Tags {
		if t = strings.ToLower(oneLine(t)); t != "" {
			d.Tags = append(d.Tags, t)
		}
	}
	return d, nil
}

// oneLine collapses runs of white space, newlines included, into single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
