/** A stylesheet imported as text (`?inline`): empty in jsdom. */
export default '';
