package imaging

import (
	"image"
	"image/draw"
)

// jpegOrientation returns the EXIF orientation (1-8) of a JPEG, or 1 when the
// file has no valid orientation tag: tag 0x0112 of IFD0 of the first Exif
// segment that has one (see exif.go; every offset is bounds-checked).
func jpegOrientation(data []byte) int {
	o := 1
	eachExif(data, func(t tiff) bool {
		typ, count, at, ok := t.entry(t.ifd0(), 0x0112)
		if !ok || typ != 3 || count < 1 { // SHORT
			return false
		}
		if v := int(t.bo.Uint16(t.b[at:])); v >= 1 && v <= 8 {
			o = v
			return true
		}
		return false
	})
	return o
}

// orient returns img transformed so that it displays upright for EXIF
// orientation o. Orientations 5-8 swap width and height.
func orient(img image.Image, o int) image.Image {
	if o < 2 || o > 8 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	if b.Min == (image.Point{}) {
		switch m := img.(type) {
		case *image.YCbCr:
			if out := orientYCbCr(m, o, dw, dh); out != nil {
				return out
			}
		case *image.Gray:
			out := image.NewGray(image.Rect(0, 0, dw, dh))
			transformPlane(out.Pix, out.Stride, m.Pix, m.Stride, w, h, 1, o)
			return out
		case *image.RGBA:
			out := image.NewRGBA(image.Rect(0, 0, dw, dh))
			transformPlane(out.Pix, out.Stride, m.Pix, m.Stride, w, h, 4, o)
			return out
		case *image.NRGBA:
			out := image.NewNRGBA(image.Rect(0, 0, dw, dh))
			transformPlane(out.Pix, out.Stride, m.Pix, m.Stride, w, h, 4, o)
			return out
		case *image.CMYK:
			out := image.NewCMYK(image.Rect(0, 0, dw, dh))
			transformPlane(out.Pix, out.Stride, m.Pix, m.Stride, w, h, 4, o)
			return out
		}
	}
	// Anything else: convert to NRGBA first.
	src := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(src, src.Rect, img, b.Min, draw.Src)
	out := image.NewNRGBA(image.Rect(0, 0, dw, dh))
	transformPlane(out.Pix, out.Stride, src.Pix, src.Stride, w, h, 4, o)
	return out
}

// orientYCbCr transforms each plane separately, keeping the chroma
// subsampling (transposed for 5-8). It returns nil for layouts it does not
// handle (4:1:1 and 4:1:0 cannot be transposed into a Go subsample ratio).
func orientYCbCr(m *image.YCbCr, o, dw, dh int) image.Image {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	ratio := m.SubsampleRatio
	var cw, ch int
	switch ratio {
	case image.YCbCrSubsampleRatio444:
		cw, ch = w, h
	case image.YCbCrSubsampleRatio422:
		cw, ch = (w+1)/2, h
	case image.YCbCrSubsampleRatio420:
		cw, ch = (w+1)/2, (h+1)/2
	case image.YCbCrSubsampleRatio440:
		cw, ch = w, (h+1)/2
	default:
		return nil
	}
	if o >= 5 {
		switch ratio {
		case image.YCbCrSubsampleRatio422:
			ratio = image.YCbCrSubsampleRatio440
		case image.YCbCrSubsampleRatio440:
			ratio = image.YCbCrSubsampleRatio422
		}
	}
	out := image.NewYCbCr(image.Rect(0, 0, dw, dh), ratio)
	transformPlane(out.Y, out.YStride, m.Y, m.YStride, w, h, 1, o)
	transformPlane(out.Cb, out.CStride, m.Cb, m.CStride, cw, ch, 1, o)
	transformPlane(out.Cr, out.CStride, m.Cr, m.CStride, cw, ch, 1, o)
	return out
}

// transformPlane writes into dst the w x h plane src (bpp bytes per pixel)
// flipped/rotated for EXIF orientation o. For each destination pixel (dx, dy)
// the source pixel is sx = ax*dx + bx*dy + cx, sy = ay*dx + by*dy + cy.
func transformPlane(dst []byte, dstStride int, src []byte, srcStride, w, h, bpp, o int) {
	var ax, bx, cx, ay, by, cy int
	switch o {
	case 2: // mirror horizontally
		ax, cx, by = -1, w-1, 1
	case 3: // rotate 180
		ax, cx, by, cy = -1, w-1, -1, h-1
	case 4: // mirror vertically
		ax, by, cy = 1, -1, h-1
	case 5: // transpose
		bx, ay = 1, 1
	case 6: // rotate 90 clockwise
		bx, ay, cy = 1, -1, h-1
	case 7: // transverse
		bx, cx, ay, cy = -1, w-1, -1, h-1
	case 8: // rotate 90 counter-clockwise
		bx, cx, ay = -1, w-1, 1
	default:
		ax, by = 1, 1
	}
	dw, dh := w, h
	if o >= 5 && o <= 8 {
		dw, dh = h, w
	}
	step := ay*srcStride + ax*bpp
	for dy := range dh {
		off := (by*dy+cy)*srcStride + (bx*dy+cx)*bpp
		row := dst[dy*dstStride : dy*dstStride+dw*bpp]
		if bpp == 1 {
			for dx := range row {
				row[dx] = src[off]
				off += step
			}
			continue
		}
		for d := 0; d < len(row); d += bpp {
			copy(row[d:d+bpp], src[off:off+bpp])
			off += step
		}
	}
}
