package imaging

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// zeroPNG is the probe's image: all zero bytes, tiny on the wire (a
// 5000x5000 one is about 100 KB), about 100 MB once decoded.
func zeroPNG(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, image.NewNRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// heapPeak samples HeapInuse until stop is closed and returns the highest.
func heapPeak(stop <-chan struct{}) <-chan uint64 {
	out := make(chan uint64, 1)
	go func() {
		var peak uint64
		var ms runtime.MemStats
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
			select {
			case <-stop:
				out <- peak
				return
			case <-tick.C:
			}
		}
	}()
	return out
}

// Three large images arrive at once, each over half the budget, so the
// budget lets one decode at a time: at most DecodeBudget pixels are ever
// decoded together, and the heap stays far below what the decodes at once
// would take. (Eight images at the 25-megapixel limit showed the same and
// took 300 s under the race detector; unbounded, eight at once took 1.6 GB.)
func TestDecodeBudgetBoundsConcurrentDecodes(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes 3 x 17.6 megapixels")
	}
	const n = 3
	side := 4200 // 17.6 megapixels: two at once would be over the budget
	if 2*int64(side*side) <= DecodeBudget {
		t.Fatalf("fixture too small to show the budget: %d pixels", side*side)
	}
	data := zeroPNG(t, side, side)
	if _, _, w, h, err := Check(bytes.NewReader(data), Limits{}); err != nil || w*h != side*side {
		t.Fatalf("fixture refused: %v", err)
	}
	defer SetMaxWait(5 * time.Minute)() // here everyone waits their turn

	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	ResetPeak()
	stop := make(chan struct{})
	heap := heapPeak(stop)
	var wg sync.WaitGroup
	var failed atomic.Int32
	for i := range n {
		wg.Go(func() {
			var err error
			if i%2 == 0 {
				_, err = Clean(context.Background(), data, PNG)
			} else {
				_, _, _, err = Resize(context.Background(), data, PNG, 2000, 2000)
			}
			if err != nil {
				t.Errorf("image %d: %v", i, err)
				failed.Add(1)
			}
		})
	}
	wg.Wait()
	close(stop)
	peakHeap := <-heap
	if failed.Load() > 0 {
		t.FailNow()
	}
	if p := Peak(); p > DecodeBudget || p < int64(side*side) {
		t.Errorf("peak decoded pixels %d, want between %d and the budget %d", p, side*side, DecodeBudget)
	}
	// Each call holds 70-180 MB at this size; unbounded, eight 25 MP
	// images at once took 1.6 GB of heap (the probe saw 1.9 GB for eight
	// 36 MP images).
	grown := int64(peakHeap) - int64(base.HeapInuse)
	t.Logf("peak pixels %d, heap grew by %d MB at most", Peak(), grown>>20)
	if limit := int64(400 << 20); grown > limit { // one at a time: 183 MB measured; three at once about 550
		t.Errorf("heap grew by %d MB, want under %d MB", grown>>20, limit>>20)
	}
}

// The probe's 6000x6000 zero PNG (36 megapixels) is now over the limit and
// refused from its header, before any pixel is decoded.
func TestProbeImageRefusedBeforeDecoding(t *testing.T) {
	data := zeroPNG(t, 6000, 6000)
	if _, _, _, _, err := Check(bytes.NewReader(data), Limits{}); !errors.Is(err, ErrTooManyPixels) {
		t.Fatalf("Check = %v, want ErrTooManyPixels", err)
	}
	if _, err := Clean(context.Background(), data, PNG); !errors.Is(err, ErrTooManyPixels) {
		t.Fatalf("Clean = %v, want ErrTooManyPixels", err)
	}
}

// With the budget taken, a decode waits at most SetMaxWait's time (or its context)
// and then fails with ErrBusy; once the budget is back it goes through.
func TestDecodeBusy(t *testing.T) {
	const wait = 50 * time.Millisecond
	defer SetMaxWait(wait)()
	small := encPNG(t, gradient(40, 30))

	hold, err := Acquire(context.Background(), 1<<20, 1<<20, nil) // the whole budget
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := Clean(context.Background(), small, PNG); !errors.Is(err, ErrBusy) {
		t.Fatalf("Clean with the budget taken = %v, want ErrBusy", err)
	}
	if _, _, _, err := Resize(context.Background(), small, PNG, 10, 10); !errors.Is(err, ErrBusy) {
		t.Fatalf("Resize with the budget taken = %v, want ErrBusy", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("waited %v", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Clean(WithoutWaitLimit(ctx), small, PNG); !errors.Is(err, ErrBusy) {
		t.Fatalf("Clean with a cancelled context = %v, want ErrBusy", err)
	}
	// Background work waits past that time for as long as its context lives.
	done := make(chan error, 1)
	go func() {
		_, _, _, err := Resize(WithoutWaitLimit(context.Background()), small, PNG, 10, 10)
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("background resize did not wait: %v", err)
	case <-time.After(3 * wait):
	}
	hold()
	hold() // a second release is harmless
	if err := <-done; err != nil {
		t.Fatalf("background resize after release: %v", err)
	}
	if _, err := Clean(context.Background(), small, PNG); err != nil {
		t.Fatalf("Clean after release: %v", err)
	}
}

func TestDecodeCost(t *testing.T) {
	if got := cost(100, 100, nil); got != 10_000 {
		t.Errorf("8-bit: %d", got)
	}
	if got := cost(100, 100, image.NewNRGBA64(image.Rect(0, 0, 1, 1)).ColorModel()); got != 20_000 {
		t.Errorf("16-bit: %d", got)
	}
	if got := cost(1<<20, 1<<20, nil); got != DecodeBudget {
		t.Errorf("capped: %d", got)
	}
}
