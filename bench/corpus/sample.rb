# frozen_string_literal: true

require "json"
require "time"

module Journal
  class Entry
    attr_reader :title, :body, :created_at

    def initialize(title:, body:, created_at: Time.now)
      raise ArgumentError, "title required" if title.to_s.strip.empty?

      @title = title
      @body = body
      @created_at = created_at
    end

    def words = body.split(/\s+/).size

    def to_h
      { title: title, body: body, created_at: created_at.iso8601 }
    end
  end

  class Store
    include Enumerable

    def initialize(path)
      @path = path
      @entries = File.exist?(path) ? JSON.parse(File.read(path), symbolize_names: true) : []
    end

    def each(&block) = @entries.each(&block)

    def add(entry)
      @entries << entry.to_h
      File.write(@path, JSON.pretty_generate(@entries))
      self
    end
  end
end

store = Journal::Store.new("journal.json")
store.add(Journal::Entry.new(title: "Day 1", body: "Started the journal."))
puts "#{store.count} entries, newest: #{store.max_by { |e| e[:created_at] }&.fetch(:title)}"
