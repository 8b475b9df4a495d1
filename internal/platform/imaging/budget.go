package imaging

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/gif" // GIF dispute photos (GIFToPNG)
	"image/png"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/semaphore"
)

// Decoding is bounded across the whole process. A decoded image costs about
// 4 bytes a pixel (8 for 16-bit PNGs) however small its file, and making a
// resized copy or re-encoding it about as much again: a zero-filled 5000x5000
// PNG is 100 KB on the wire and takes some 250 MB (plus what the garbage
// collector has not yet reclaimed) while Clean or Resize works on it. Every
// Clean and Resize therefore takes its pixels from one budget, DecodeBudget,
// before decoding and gives them back when done; a call that cannot get them
// within DefaultMaxWait fails with ErrBusy (the HTTP layer answers 503 with
// Retry-After).
const (
	// DecodeBudget is how many pixels may be decoded at once across the
	// process: one image at the pixel limit, two 16-megapixel photos, or
	// many ordinary ones; about 500 MB of heap at most.
	DecodeBudget int64 = 32_000_000
	// RetryAfter is what a caller refused with ErrBusy is told to wait.
	RetryAfter = 5 * time.Second
)

// DefaultMaxWait is how long Clean and Resize wait for decode budget before
// ErrBusy. A context with an earlier deadline, or cancelled, stops the wait
// sooner.
const DefaultMaxWait = 5 * time.Second

var maxWait atomic.Int64

func init() { maxWait.Store(int64(DefaultMaxWait)) }

// SetMaxWait changes the wait (tests); restore puts the previous one back.
func SetMaxWait(d time.Duration) (restore func()) {
	old := maxWait.Swap(int64(d))
	return func() { maxWait.Store(old) }
}

// ErrBusy means the decode budget stayed taken too long: try again later.
var ErrBusy = errors.New("imaging: busy decoding other images")

var (
	budget   = semaphore.NewWeighted(DecodeBudget)
	inFlight atomic.Int64 // pixels held now
	peakMu   sync.Mutex
	peak     int64 // most pixels ever held at once (see Peak)
)

type noWaitLimitKey struct{}

// WithoutWaitLimit marks ctx so decoding waits for budget as long as ctx
// lives, not the usual few seconds: for background work (the resize job) that should queue
// rather than fail.
func WithoutWaitLimit(ctx context.Context) context.Context {
	return context.WithValue(ctx, noWaitLimitKey{}, true)
}

// Acquire takes the budget for an image of w x h pixels (cost: see cost)
// and returns the function that gives it back. Clean and Resize call it
// themselves; it is exported for other code that decodes pixels.
func Acquire(ctx context.Context, w, h int, model color.Model) (release func(), err error) {
	n := cost(w, h, model)
	if noLimit, _ := ctx.Value(noWaitLimitKey{}).(bool); !noLimit {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Duration(maxWait.Load()))
		defer cancel()
	}
	if err := budget.Acquire(ctx, n); err != nil {
		return nil, fmt.Errorf("%w: %d pixels wanted: %v", ErrBusy, n, err)
	}
	now := inFlight.Add(n)
	peakMu.Lock()
	peak = max(peak, now)
	peakMu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			inFlight.Add(-n)
			budget.Release(n)
		})
	}, nil
}

// cost is the budget an image takes: its pixels, doubled when they decode
// to 16 bits a channel, never more than the whole budget (so a legal image
// always gets through eventually).
func cost(w, h int, model color.Model) int64 {
	n := max(int64(w)*int64(h), 1)
	switch model {
	case color.RGBA64Model, color.NRGBA64Model, color.Gray16Model:
		n *= 2
	}
	return min(n, DecodeBudget)
}

// Peak reports the most pixels held decoded at once since the last
// ResetPeak (for tests and diagnostics).
func Peak() int64 {
	peakMu.Lock()
	defer peakMu.Unlock()
	return peak
}

// ResetPeak starts a new Peak measurement from what is held now.
func ResetPeak() {
	peakMu.Lock()
	peak = inFlight.Load()
	peakMu.Unlock()
}

// begin sniffs data (refusing a mismatch with the declared kind), enforces
// the default pixel limit as a last line of defence against decompression
// bombs (callers are expected to have run Check already), and takes the
// decode budget for it. Call release when the decoded pixels are dropped.
func begin(ctx context.Context, data []byte, kind Kind) (k Kind, release func(), err error) {
	k, err = Sniff(data)
	if err != nil {
		return "", nil, err
	}
	if kind != "" && kind != k {
		return "", nil, fmt.Errorf("%w: data is %s, not %s", ErrNotImage, k, kind)
	}
	cfg, err := headerConfig(data, k, DefaultMaxPixels)
	if err != nil {
		return "", nil, err
	}
	release, err = Acquire(ctx, cfg.Width, cfg.Height, cfg.ColorModel)
	if err != nil {
		return "", nil, err
	}
	return k, release, nil
}

// Decode decodes an image of any format the process has a decoder for
// (PNG, JPEG, GIF) the way Clean and Resize do: its header first, refused
// over maxPixels (DefaultMaxPixels when 0) or when it is not an image, then
// its pixels taken from the decode budget before a single one is decoded.
// A GIF gives its first frame. Call release once the image is dropped.
func Decode(ctx context.Context, data []byte, maxPixels int) (img image.Image, format string, release func(), err error) {
	if maxPixels <= 0 {
		maxPixels = DefaultMaxPixels
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, "", nil, fmt.Errorf("%w: bad header: %v", ErrNotImage, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, "", nil, fmt.Errorf("%w: empty %s image", ErrNotImage, format)
	}
	if int64(cfg.Width)*int64(cfg.Height) > int64(maxPixels) {
		return nil, "", nil, fmt.Errorf("%w: %dx%d is over %d pixels", ErrTooManyPixels, cfg.Width, cfg.Height, maxPixels)
	}
	release, err = Acquire(ctx, cfg.Width, cfg.Height, cfg.ColorModel)
	if err != nil {
		return nil, "", nil, err
	}
	img, _, err = image.Decode(bytes.NewReader(data))
	if err != nil {
		release()
		return nil, "", nil, fmt.Errorf("%w: bad %s data: %v", ErrNotImage, format, err)
	}
	return img, format, release, nil
}

// GIFToPNG turns a GIF's first frame into a PNG (for uploads that accept
// GIF while the photo pipeline keeps PNG and JPEG), within the pixel limit
// and the decode budget like every other decode.
func GIFToPNG(ctx context.Context, data []byte) ([]byte, error) {
	if !bytes.HasPrefix(data, []byte("GIF87a")) && !bytes.HasPrefix(data, []byte("GIF89a")) {
		return nil, fmt.Errorf("%w: not a GIF", ErrNotImage)
	}
	img, _, release, err := Decode(ctx, data, DefaultMaxPixels)
	if err != nil {
		return nil, err
	}
	defer release()
	var out bytes.Buffer
	if err := png.Encode(&out, img); err != nil {
		return nil, fmt.Errorf("imaging: gif to png: %w", err)
	}
	return out.Bytes(), nil
}
