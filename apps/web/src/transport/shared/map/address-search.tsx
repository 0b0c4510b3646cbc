import { useState, type KeyboardEvent } from 'react';
import { transportClient, type TransportOutputs } from '../transport-client.ts';
import { useMapSettings } from './map-settings.ts';

type Place = TransportOutputs['operations']['geocodeAddress']['results'][number];

type AddressSearchProps = {
  id: string;
  /** What choosing a result does ("Drop the stop here" on the route form). */
  chooseLabel: string;
  onChoose: (place: Place) => void;
};

type SearchState = { kind: 'idle' } | { kind: 'searching' } | { kind: 'found'; results: Place[] } | { kind: 'failed'; message: string };

/**
 * Address search through the server's geocoder (GET /api/geocode). It sits inside other forms, so
 * it is not a form itself: Enter in the field searches instead of saving the route or school.
 * Without a geocoder it says so; typed coordinates and the map still work.
 */
export const AddressSearch = ({ id, chooseLabel, onChoose }: AddressSearchProps) => {
  const settings = useMapSettings();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<SearchState>({ kind: 'idle' });

  if (settings && !settings.geocoder) {
    return (
      <p className="muted address-search__off" id={`${id}-off`}>
        Address search is off on this server: type the latitude and longitude, or click the map.
      </p>
    );
  }

  const search = async () => {
    if (query.trim().length < 3) {
      setState({ kind: 'failed', message: 'Type at least 3 characters of the address.' });
      return;
    }
    setState({ kind: 'searching' });
    try {
      const answer = await transportClient.operations.geocodeAddress.query({ q: query.trim() });
      setState({ kind: 'found', results: answer.results });
    } catch (error) {
      setState({
        kind: 'failed',
        message: error instanceof Error && error.message ? error.message : 'Address search failed; type the coordinates instead.',
      });
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void search();
    }
  };

  return (
    <div className="address-search" role="search" aria-label="Find an address">
      <label className="field__label" htmlFor={id}>
        Find an address
      </label>
      <div className="address-search__row">
        <input
          id={id}
          className="input"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          maxLength={200}
          placeholder="e.g. Oak St & 5th St, Savannah"
        />
        <button type="button" className="button" onClick={() => void search()} disabled={state.kind === 'searching'}>
          {state.kind === 'searching' ? 'Searching…' : 'Search'}
        </button>
      </div>
      <div aria-live="polite">
        {state.kind === 'failed' ? (
          <p className="address-search__message" role="alert">
            {state.message}
          </p>
        ) : null}
        {state.kind === 'found' && state.results.length === 0 ? (
          <p className="address-search__message">No places found; try the street and town, or type the coordinates.</p>
        ) : null}
        {state.kind === 'found' && state.results.length > 0 ? (
          <ul className="address-search__results" aria-label="Places found">
            {state.results.map((place) => (
              <li key={`${place.lat},${place.lng},${place.label}`}>
                <span className="address-search__label">{place.label}</span>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => {
                    onChoose(place);
                    setState({ kind: 'idle' });
                    setQuery('');
                  }}
                >
                  {chooseLabel}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
};
