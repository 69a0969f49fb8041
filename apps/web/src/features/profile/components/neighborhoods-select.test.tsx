import type { Neighborhood } from '@marketplace/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NeighborhoodsSelect, uniqueNeighborhoods } from './neighborhoods-select';

// docs/product/specification.md §2 and §8, word for word.
const NEIGHBORHOODS_PLACEHOLDER = 'Type to search neighborhood after select city';
const NO_MATCH_MESSAGE = 'No elements found. Consider changing the search query.';
const EMPTY_LIST_MESSAGE = 'List is empty.';

const marina = { id: 1, name: 'Dubai Marina' };
const jlt = { id: 2, name: 'Jumeirah Lake Towers' };
const downtown = { id: 3, name: 'Downtown Dubai' };

function Harness({ options, initial = [], max }: { options: Neighborhood[]; initial?: Neighborhood[]; max?: number }) {
  const [value, setValue] = useState<Neighborhood[]>(initial);
  return (
    <>
      <NeighborhoodsSelect options={options} value={value} onChange={setValue} {...(max !== undefined && { max })} />
      <output aria-label="chosen">{value.map((item) => item.name).join(', ')}</output>
    </>
  );
}

const chosen = () => screen.getByRole('status', { name: 'chosen' });

describe('NeighborhoodsSelect', () => {
  it('is labelled, with the spec placeholder', () => {
    render(<Harness options={[marina]} />);
    expect(screen.getByRole('combobox', { name: 'Neighborhoods' })).toBeInTheDocument();
    expect(screen.getByText(NEIGHBORHOODS_PLACEHOLDER)).toBeInTheDocument();
  });

  it('Select all adds every neighborhood of the city once, keeping those already chosen', async () => {
    render(<Harness options={[marina, jlt, downtown]} initial={[jlt]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(chosen()).toHaveTextContent('Jumeirah Lake Towers, Dubai Marina, Downtown Dubai');
  });

  it('Clear empties the selection', async () => {
    render(<Harness options={[marina, jlt]} initial={[marina, jlt]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(chosen()).toBeEmptyDOMElement();
  });

  it('says the list is empty before a city is chosen', async () => {
    render(<Harness options={[]} />);
    expect(screen.getByRole('button', { name: 'Select all' })).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Neighborhoods' }));
    expect(screen.getByText(EMPTY_LIST_MESSAGE)).toBeInTheDocument();
  });

  it('says nothing matched a search that finds nothing', async () => {
    render(<Harness options={[marina, jlt]} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Neighborhoods' }), 'zzz');
    expect(screen.getByText(NO_MATCH_MESSAGE)).toBeInTheDocument();
  });

  it('chooses by typing and Enter', async () => {
    render(<Harness options={[marina, jlt]} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Neighborhoods' }), 'lake{Enter}');
    expect(chosen()).toHaveTextContent('Jumeirah Lake Towers');
  });

  it('stops at the maximum and says how to choose another', async () => {
    render(<Harness options={[marina, jlt, downtown]} initial={[marina, jlt]} max={2} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Neighborhoods' }));
    expect(
      screen.getByText('Maximum of 2 options selected. First remove a selected option to select another.'),
    ).toBeInTheDocument();
  });

  it('Select all respects the maximum', async () => {
    render(<Harness options={[marina, jlt, downtown]} max={2} />);
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(chosen()).toHaveTextContent('Dubai Marina, Jumeirah Lake Towers');
  });
});

describe('uniqueNeighborhoods', () => {
  it('keeps the first of each id', () => {
    expect(uniqueNeighborhoods([marina, jlt, { ...marina, name: 'again' }])).toEqual([marina, jlt]);
  });
});
