import { useEffect, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Field, Input, Select } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons/headless/svg/search';
import {
  MAX_SEARCH_TEXT,
  readJobSearch,
  SEARCH_PARAMS,
  searchQuery,
  type FilterOption,
  type FilterOptions,
  type JobSearch,
  type SearchParam,
} from '../../../shared/jobs/job-search';
import { screens } from '../../../shared/site/screen-routes';
import { useActionStyles } from '../../components/action-styles';
import { useStyles } from './job-search-form.styles';

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

const optionText = (option: FilterOption) => `${option.label} (${option.count})`;
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

  // The fields are the browser's own (what is typed before the app runs stays theirs); when the
  // address changes under them (Back, a link to clear a filter) they are set to what it says.
  useEffect(() => {
    const elements = form.current?.elements;
    if (!elements) return;
    for (const param of SEARCH_PARAMS) {
      const field = elements.namedItem(param) as HTMLInputElement | HTMLSelectElement | null;
      if (field) field.value = fieldValue(search, param);
    }
  }, [search]);

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
      <Field label="Search jobs" className={styles.text}>
        <Input
          name="q"
          type="search"
          defaultValue={search.q}
          maxLength={MAX_SEARCH_TEXT}
          placeholder="Job title or skill"
          contentBefore={<SearchRegular aria-hidden="true" />}
        />
      </Field>
      {SELECTS.map(({ param, label, any }) => (
        <Field key={param} label={label}>
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
      <div className={styles.actions}>
        <button type="submit" className={`${actions.base} ${actions.primary}`}>
          Search
        </button>
      </div>
    </form>
  );
}
