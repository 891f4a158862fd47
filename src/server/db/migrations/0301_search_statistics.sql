-- Statistics on the searched text, so the planner knows how common a term is: a common word
-- ("compressor") walks the newest-first index and stops after one page; a rare one (an e-mail
-- address) uses the trigram index of 0300.
create statistics contact_messages_search_stats
  on ((name || ' ' || email || ' ' || phone || ' ' || message)) from contact_messages;
analyze contact_messages;
