import { forwardRef, useEffect, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Field,
  mergeClasses,
  renderInput_unstable,
  Select,
  useInput_unstable,
  useInputStyles_unstable,
  type InputProps,
  type InputState,
} from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons/headless/svg/chevron-down';
import { SearchRegular } from '@fluentui/react-icons/headless/svg/search';
import {
  MAX_SEARCH_TEXT,
  readJobSearch,
  SEARCH_PARAMS,
  searchQuery,
  setParams,
  type FilterOption,
  type FilterOptions,
  type JobSearch,
  type SearchParam,
} from '../../../shared/jobs/job-search';
import { screens } from '../../../shared/site/screen-routes';
import { useActionStyles } from '../../components/action-styles';
import { useStyles } from './job-search-form.styles';
import { SOURCE_PARAM } from '../../../shared/sources/source-contract';
import { useSourceMarker } from '../../lib/source-marker';

export interface JobSearchFormProps {
  search: JobSearch;
  /** The filters set, in the address's order (the last is the one "clear the last filter" drops). */
  order: readonly SearchParam[];
  options: FilterOptions;
}

const SELECTS: { param: Exclude<SearchParam, 'q'>; label: string; any: string }[] = [
  { param: 'department', label: 'Department', any: 'Any department' },
  { param: 'location', label: 'Location', any: 'Any location' },
  { param: 'workplace', label: 'Workplace', any: 'On-site, hybrid or remote' },
  { param: 'type', label: 'Employment type', any: 'Any employment type' },
  { param: 'pay', label: 'Minimum pay', any: 'Any pay' },
];

/**
 * Fluent's Input with its value left to the browser, as the form's other fields are. Fluent's own
 * keeps the value in React state and writes it back into the field as it renders, so text typed on
 * the server's page before the app took it over (which that state never saw) was wiped soon after
 * the app arrived. Built from Fluent's own hooks, so it looks and behaves the same otherwise.
 */
const BrowserInput = forwardRef<HTMLInputElement, InputProps>(function BrowserInput(props, ref) {
  const fluent = useInput_unstable(props, ref);
  const state: InputState = {
    ...fluent,
    input: { ...fluent.input, value: undefined, defaultValue: props.defaultValue },
  };
  useInputStyles_unstable(state);
  return renderInput_unstable(state);
});

const optionText = (option: FilterOption) => `${option.label} (${option.count})`;

/** "Filters (2)": how many of the drop-downs the address sets (the text search is always in view). */
const filtersWords = (search: JobSearch) => {
  const chosen = setParams(search).filter((param) => param !== 'q').length;
  return chosen > 0 ? `Filters (${chosen})` : 'Filters';
};

/** Where the filters stay in view: from here up the disclosure is not needed (the styles agree). */
const WIDE_FILTERS = '(min-width: 640px)';
const fieldValue = (search: JobSearch, param: SearchParam) =>
  param === 'pay' ? (search.pay ? String(search.pay) : '') : search[param];

/**
 * The careers home's search: a plain GET form to the home page, so without the app the browser
 * sends it and the server draws the result; with the app, the same address is reached without a
 * reload. Its fields start from the address and follow it (Back shows the search it returns to).
 */
export function JobSearchForm({ search, order, options }: JobSearchFormProps) {
  const styles = useStyles();
  const actions = useActionStyles();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const filters = useRef<HTMLDetailsElement>(null);
  const marker = useSourceMarker();

  // A browser that cannot show a closed disclosure's content by CSS (styles.filters) shows the
  // summary on a wide screen too: once the app runs, the filters are opened there. Only ever
  // opened, and only here: what the visitor opened or closed is theirs.
  useEffect(() => {
    // (jsdom, in the component tests, has no matchMedia.)
    if (filters.current && window.matchMedia?.(WIDE_FILTERS).matches) filters.current.open = true;
  }, []);

  // The fields are the browser's own: what the visitor typed or chose on the server's page before
  // the app took it over stays theirs (hydration keeps it), as does anything not yet sent when the
  // jobs are fetched again. Only when the address's search changes under them (Back, a link to
  // clear a filter) are they set to what it says.
  const addressSearch = searchQuery(search);
  const shownSearch = useRef(addressSearch);
  useEffect(() => {
    const elements = form.current?.elements;
    if (!elements || shownSearch.current === addressSearch) return;
    shownSearch.current = addressSearch;
    for (const param of SEARCH_PARAMS) {
      const field = elements.namedItem(param) as HTMLInputElement | HTMLSelectElement | null;
      if (field) field.value = fieldValue(search, param);
    }
  }, [search, addressSearch]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget))
      if (typeof value === 'string') sent.set(name, value);
    const next = readJobSearch(sent);
    // A filter changed now goes last, so "clear the last filter" undoes the latest change.
    const kept = order.filter((param) => fieldValue(next, param) === fieldValue(search, param));
    void navigate(`${screens.home.path()}${searchQuery(next, kept)}`);
  };

  return (
    <form
      ref={form}
      role="search"
      aria-label="Search jobs"
      method="get"
      action={screens.home.path()}
      className={styles.form}
      onSubmit={onSubmit}
    >
      {/* Sent with the search before the app runs, so the marker stays (docs/behaviour.md#sources). */}
      {marker && <input type="hidden" name={SOURCE_PARAM} value={marker} />}
      <Field label="Search jobs" className={styles.text}>
        <BrowserInput
          name="q"
          type="search"
          defaultValue={search.q}
          maxLength={MAX_SEARCH_TEXT}
          placeholder="Job title or skill"
          contentBefore={<SearchRegular aria-hidden="true" />}
        />
      </Field>
      {/* A phone shows the text search and this one line until it is opened, so the jobs come
          first; a native disclosure, so it opens without the app (docs/behaviour.md#job-search). */}
      <details ref={filters} className={styles.filters}>
        <summary className={mergeClasses(actions.base, actions.secondary, styles.summary)}>
          {filtersWords(search)}
          <ChevronDownRegular className={styles.chevron} aria-hidden="true" />
        </summary>
        {SELECTS.map(({ param, label, any }) => (
          <Field key={param} label={label} className={styles.filter}>
            <Select name={param} defaultValue={fieldValue(search, param)}>
              <option value="">{any}</option>
              {options[param].map((option) => (
                <option key={option.value} value={option.value}>
                  {optionText(option)}
                </option>
              ))}
            </Select>
          </Field>
        ))}
      </details>
      <div className={styles.actions}>
        <button type="submit" className={`${actions.base} ${actions.primary}`}>
          Search
        </button>
      </div>
    </form>
  );
}
