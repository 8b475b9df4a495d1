package imaging

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"runtime"
	"sync"
	"testing"
	"time"
)

// bombGIF is a crafted GIF: a few kilobytes on the wire (LZW of one colour)
// that decodes to side x side pixels.
func bombGIF(t testing.TB, side int) []byte {
	t.Helper()
	var buf bytes.Buffer
	img := image.NewPaletted(image.Rect(0, 0, side, side), color.Palette{color.Black, color.White})
	if err := gif.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// allocated is how many bytes the process allocated while f ran.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// A GIF goes through the same pixel budget as PNG and JPEG, before it is
// decoded (issue 26): a 25-megapixel one waits for its pixels, is refused
// with ErrBusy when they do not come, and allocates nothing big meanwhile;
// six at once never hold more than the budget; one over the pixel limit is
// refused from its header.
func TestGIFGoesThroughThePixelBudget(t *testing.T) {
	data := bombGIF(t, 5000)
	if len(data) > 64<<10 {
		t.Fatalf("the crafted GIF is %d bytes", len(data))
	}
	t.Logf("a %d-byte GIF of 25 megapixels", len(data))

	// The whole budget held elsewhere: refused, without decoding.
	hold, err := Acquire(context.Background(), 1, int(DecodeBudget), color.RGBAModel)
	if err != nil {
		t.Fatal(err)
	}
	restore := SetMaxWait(50 * time.Millisecond)
	var refusal error
	n := allocated(func() { _, refusal = GIFToPNG(context.Background(), data) })
	restore()
	hold()
	if !errors.Is(refusal, ErrBusy) {
		t.Fatalf("with the budget taken: %v, want ErrBusy", refusal)
	}
	if n > 4<<20 {
		t.Errorf("refused, yet %d MB were allocated (decoded before the budget)", n>>20)
	}

	// Six at once (issue 26: 144 MB to 426 MB before): never more than the
	// budget decoded together; each is made or told to try again.
	ResetPeak()
	var wg sync.WaitGroup
	errs := make([]error, 6)
	for i := range errs {
		wg.Go(func() {
			out, err := GIFToPNG(context.Background(), data)
			if err == nil {
				if w, h, derr := Dimensions(out); derr != nil || w != 5000 || h != 5000 {
					err = errors.New("not the GIF's frame as a PNG")
				}
			}
			errs[i] = err
		})
	}
	wg.Wait()
	made := 0
	for _, err := range errs {
		switch {
		case err == nil:
			made++
		case !errors.Is(err, ErrBusy):
			t.Errorf("six at once: %v", err)
		}
	}
	if made == 0 {
		t.Errorf("six at once: none made")
	}
	if p := Peak(); p < 25_000_000 || p > DecodeBudget {
		t.Errorf("peak %d pixels held, want at least one GIF's 25 000 000 and at most the budget %d", p, DecodeBudget)
	}

	// Over the pixel limit: refused from the header.
	big := bombGIF(t, 5001)
	n = allocated(func() { _, refusal = GIFToPNG(context.Background(), big) })
	if !errors.Is(refusal, ErrTooManyPixels) || n > 4<<20 {
		t.Errorf("5001 x 5001: %v after %d bytes allocated", refusal, n)
	}
	small := bombGIF(t, 16)
	if _, err := GIFToPNG(context.Background(), small[:len(small)-8]); !errors.Is(err, ErrNotImage) {
		t.Errorf("broken GIF: %v", err)
	}
}
