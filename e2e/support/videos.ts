// A small, valid MP4 for the video journeys, written box by box (nothing
// here can encode video): ftyp, moov (mvhd, a track whose chunk offsets
// point into mdat, and the user data a phone writes: its location in
// ©xyz and its make), then mdat. The server cleans it like a phone's.
export type VideoFile = { name: string; mimeType: string; buffer: Buffer }

/** PHONE_LOCATION is the ISO 6709 location the video carries (London). */
export const PHONE_LOCATION = '+51.5072-000.1276+011.000/'

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(8)
  head.writeUInt32BE(8 + body.length, 0)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}

function u32(...v: number[]): Buffer {
  const b = Buffer.alloc(4 * v.length)
  v.forEach((x, i) => b.writeUInt32BE(x, 4 * i))
  return b
}

/** makeMP4 is a video of the given seconds recorded at takenAt, with the phone's location in it. */
export function makeMP4(name: string, seconds: number, takenAt: Date): VideoFile {
  const created = Math.floor(takenAt.getTime() / 1000) + 2082844800 // seconds since 1904
  const samples = [Buffer.from('FRAME-ONE'), Buffer.from('FRAME-TWO')]
  const ftyp = box('ftyp', Buffer.from('mp42'), u32(0), Buffer.from('mp42isom'))
  const udta = box('udta', box('\u00a9xyz', u32((PHONE_LOCATION.length << 16) | 0x15c7), Buffer.from(PHONE_LOCATION)), box('\u00a9mak', Buffer.from('Pixel')))
  const moov = (mdatAt: number) => {
    const offsets = [mdatAt + 8, mdatAt + 8 + samples[0].length]
    const stbl = box('stbl', box('stsd', u32(0, 0)), box('stco', u32(0, offsets.length, ...offsets)))
    const trak = box('trak', box('tkhd', u32(0), Buffer.alloc(80)), box('mdia', box('mdhd', u32(0), Buffer.alloc(20)), box('minf', stbl)))
    return box('moov', box('mvhd', u32(0, created, created, 1000, seconds * 1000), Buffer.alloc(80)), trak, udta)
  }
  const size = moov(0).length
  const buffer = Buffer.concat([ftyp, moov(ftyp.length + size), box('mdat', ...samples)])
  return { name, mimeType: 'video/mp4', buffer }
}
