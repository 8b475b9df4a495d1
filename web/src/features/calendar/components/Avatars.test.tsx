import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Avatars } from './Avatars'

afterEach(cleanup)

const person = (firstName: string, lastName: string) => ({ firstName, lastName, email: `${firstName.toLowerCase()}@example.com` })

describe('Avatars', () => {
  it('shows up to three avatars with initials', () => {
    const { container } = render(<Avatars people={[person('Amy', 'Lee'), person('Ben', 'Ray'), person('Cal', 'Ng')]} />)
    expect(Array.from(container.querySelectorAll('.cal-avatar')).map((a) => a.textContent)).toEqual(['AL', 'BR', 'CN'])
    expect(screen.getByRole('img', { name: 'Attendees: Amy Lee, Ben Ray, Cal Ng' })).toBeInTheDocument()
  })

  it("then '+N' for the others", () => {
    const people = [person('Amy', 'Lee'), person('Ben', 'Ray'), person('Cal', 'Ng'), person('Dee', 'Oak'), person('Eve', 'Pym')]
    const { container } = render(<Avatars people={people} />)
    expect(Array.from(container.querySelectorAll('.cal-avatar')).map((a) => a.textContent)).toEqual(['AL', 'BR', 'CN', '+2'])
    // Everyone is still named for a screen reader.
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('Eve Pym')
  })

  it('shows nothing for nobody', () => {
    const { container } = render(<Avatars people={[]} />)
    expect(container).toBeEmptyDOMElement()
  })
})
