package imagingtest

import (
	"bytes"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"testing"
)

// PhoneJPEG is a w x h JPEG at quality 90 with gradients and noise, so it
// compresses about as badly as a real phone photo (a 4000 x 3000 one is
// several megabytes, where Picture's smooth gradient is a few hundred
// kilobytes); seed makes each one different, so a document holding several
// cannot share one image.
func PhoneJPEG(t testing.TB, w, h int, seed uint64) []byte {
	t.Helper()
	img := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	rng := rand.New(rand.NewPCG(seed, 11))
	shift := int(seed * 37 % 255)
	for i := range img.Y {
		x, y := i%w, i/w
		img.Y[i] = uint8(max(0, min(255, ((x*255/w+y*255/h)/2+shift)%256+rng.IntN(24)-12)))
	}
	half := max(1, w/2)
	for i := range img.Cb {
		img.Cb[i], img.Cr[i] = uint8(64+(i+shift*40)%half*128/half), uint8(64+i/half*128/max(1, h/2)%128)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
