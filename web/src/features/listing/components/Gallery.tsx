// The listing's photo gallery (or the card's house drawing when there are none).
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { HouseArt } from './ListingCard'
import type { Listing } from '../format'

/**
 * Gallery: the photos when there are any, else the card's house drawing. The
 * frame keeps one 4:3 shape whatever the photo's, so nothing below moves; a
 * photo is shown whole (contain) over a blurred copy of itself. Previous and
 * next buttons, the arrow keys, a swipe or the thumbnails change the photo.
 */
export function Gallery({ listing, title }: { listing: Listing; title: string }) {
  const [shown, setShown] = useState(0)
  const thumbs = useRef<HTMLUListElement>(null)
  const touchX = useRef<number | null>(null)
  const images = listing.images ?? []
  const n = images.length

  const index = Math.min(shown, Math.max(0, n - 1))
  useEffect(() => {
    // Keep the chosen thumbnail in view without moving the page.
    const strip = thumbs.current
    const item = strip?.children[index] as HTMLElement | undefined
    if (!strip || !item) return
    const left = item.offsetLeft // the strip is the items' offset parent
    if (left < strip.scrollLeft || left + item.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollTo?.({ left: left - (strip.clientWidth - item.offsetWidth) / 2 })
    }
  }, [index])

  if (n === 0) {
    return (
      <div className="listing-detail__gallery">
        <div className="listing-detail__frame">
          <HouseArt />
          <span className="listing-detail__no-photos">No photos yet</span>
        </div>
      </div>
    )
  }
  const current = images[index]
  const go = (step: number) => setShown((index + step + n) % n)

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (n < 2) return
    if (e.key === 'ArrowLeft') go(-1)
    else if (e.key === 'ArrowRight') go(1)
    else if (e.key === 'Home') setShown(0)
    else if (e.key === 'End') setShown(n - 1)
    else return
    e.preventDefault()
  }

  return (
    <div className="listing-detail__gallery" role="group" aria-label="Photos" onKeyDown={onKeyDown}>
      <div
        className="listing-detail__frame listing-detail__frame--photo"
        onTouchStart={(e) => {
          touchX.current = e.touches[0]?.clientX ?? null
        }}
        onTouchEnd={(e) => {
          const start = touchX.current
          touchX.current = null
          const end = e.changedTouches[0]?.clientX
          if (start === null || end === undefined || n < 2) return
          if (Math.abs(end - start) > 40) go(end < start ? 1 : -1)
        }}
      >
        <img className="listing-detail__backdrop" src={current.thumbUrl} alt="" aria-hidden />
        <img
          key={current.name}
          className="listing-detail__photo"
          src={current.url}
          alt={`${title}: photo ${index + 1} of ${n}`}
          width={current.width}
          height={current.height}
          fetchPriority={index === 0 ? 'high' : undefined}
        />
        {n > 1 && (
          <>
            <button type="button" className="listing-detail__step listing-detail__step--prev" aria-label="Previous photo" onClick={() => go(-1)}>
              <ChevronLeft aria-hidden size={26} />
            </button>
            <button type="button" className="listing-detail__step listing-detail__step--next" aria-label="Next photo" onClick={() => go(1)}>
              <ChevronRight aria-hidden size={26} />
            </button>
            <p className="listing-detail__counter" aria-live="polite">
              <span aria-hidden>
                {index + 1} / {n}
              </span>
              <span className="visually-hidden">
                Photo {index + 1} of {n}
              </span>
            </p>
          </>
        )}
      </div>
      {n > 1 && (
        <ul className="listing-detail__thumbs" ref={thumbs}>
          {images.map((img, i) => (
            <li key={img.name}>
              <button
                type="button"
                aria-label={`Show photo ${i + 1} of ${n}`}
                aria-pressed={i === index}
                onClick={() => setShown(i)}
              >
                <img src={img.thumbUrl} alt="" width={img.thumbWidth} height={img.thumbHeight} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
