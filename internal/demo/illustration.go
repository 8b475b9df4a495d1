package demo

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
)

// The demo blog posts need pictures; rather than ship photos of unknown
// licence, they are drawn here: a flat illustration of a house under a sky,
// in each post's colours.

type palette struct{ skyTop, skyBottom, ground, wall, roof, door color.RGBA }

func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 255}
}

var palettes = []palette{
	{rgb(0x0b5cad), rgb(0x9cc7f0), rgb(0x3f8f4f), rgb(0xf4efe6), rgb(0xb5473a), rgb(0x14213d)},
	{rgb(0xf2a65a), rgb(0xfde2b8), rgb(0x5a8f3c), rgb(0xffffff), rgb(0x2f4858), rgb(0x0b5cad)},
	{rgb(0x33658a), rgb(0xc6dbe8), rgb(0x6a994e), rgb(0xe9d8a6), rgb(0x7f4f24), rgb(0xae2012)},
}

// houseScene draws a w x h JPEG in palette i.
func houseScene(w, h, i int) []byte {
	p := palettes[i%len(palettes)]
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	horizon := h * 3 / 4
	for y := range h {
		c := p.ground
		if y < horizon {
			c = mix(p.skyTop, p.skyBottom, float64(y)/float64(horizon))
		}
		for x := range w {
			img.SetRGBA(x, y, c)
		}
	}
	sun := rgb(0xffd27a)
	disc(img, w*4/5, h/5, h/10, sun)
	// The house: walls, roof, door and two windows.
	hw, hh := w/3, h/3
	left, top := (w-hw)/2, horizon-hh
	rect(img, left, top, left+hw, horizon, p.wall)
	triangle(img, left-hw/10, top, left+hw+hw/10, top, left+hw/2, top-hh*2/3, p.roof)
	rect(img, left+hw*2/5, horizon-hh*3/5, left+hw*3/5, horizon, p.door)
	for _, wx := range []int{left + hw/10, left + hw*7/10} {
		rect(img, wx, top+hh/5, wx+hw/5, top+hh/5+hh/4, rgb(0xd8ecff))
	}
	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85})
	return buf.Bytes()
}

// avatar is the OmniRent team's picture: a house on the brand blue.
func avatar(size int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	blue, white := rgb(0x0b5cad), rgb(0xffffff)
	rect(img, 0, 0, size, size, white)
	disc(img, size/2, size/2, size/2, blue)
	s := size / 4
	rect(img, size/2-s, size/2, size/2+s, size/2+s+s/2, white)
	triangle(img, size/2-s-s/3, size/2, size/2+s+s/3, size/2, size/2, size/2-s, white)
	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90})
	return buf.Bytes()
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	l := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}

func rect(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	for y := max(y0, 0); y < min(y1, img.Rect.Dy()); y++ {
		for x := max(x0, 0); x < min(x1, img.Rect.Dx()); x++ {
			img.SetRGBA(x, y, c)
		}
	}
}

func disc(img *image.RGBA, cx, cy, r int, c color.RGBA) {
	for y := cy - r; y <= cy+r; y++ {
		for x := cx - r; x <= cx+r; x++ {
			if (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r && image.Pt(x, y).In(img.Rect) {
				img.SetRGBA(x, y, c)
			}
		}
	}
}

// triangle fills the triangle with a flat base (x0,y) to (x1,y) and apex (ax,ay) above it.
func triangle(img *image.RGBA, x0, y, x1, _ int, ax, ay int, c color.RGBA) {
	for row := ay; row <= y; row++ {
		t := float64(row-ay) / float64(max(y-ay, 1))
		from := ax + int(float64(x0-ax)*t)
		to := ax + int(float64(x1-ax)*t)
		rect(img, from, row, to+1, row+1, c)
	}
}
