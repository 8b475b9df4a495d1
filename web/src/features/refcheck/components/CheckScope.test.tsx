import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { CheckScope } from './CheckScope'

afterEach(cleanup)

describe('what a check leaves to the landlord', () => {
  it('asks for the Right to Rent check in England', () => {
    render(<CheckScope />)
    expect(screen.getByText('You must still check the right to rent')).toBeInTheDocument()
    expect(screen.queryByText('Right to Rent checks apply in England only.')).not.toBeInTheDocument()
  })

  it('says no Right to Rent check is needed outside England (issue 46)', () => {
    render(<CheckScope notNeededIn="Scotland" />)
    expect(screen.getByText('Right to Rent checks apply in England only.')).toBeInTheDocument()
    expect(screen.getByText(/This property is in Scotland, so the law there does not require one/)).toBeInTheDocument()
    expect(screen.queryByText('You must still check the right to rent')).not.toBeInTheDocument()
  })
})
